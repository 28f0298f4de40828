/**
 * The boards' figures by city, by goods class and by day, drawn with the page's own elements. They stand at the top of
 * both boards, inside the first load, where ECharts (~140 KB compressed with a bar series, its grid and tooltip) would
 * take the board past its budget (e2e/shell/bundle.test.ts). Each figure is printed beside its bar, so nothing waits
 * for a hover; the statistics pages keep the full charts.
 */
import { theme } from 'antd';

export interface Bar { name: string; value: number }

const clip = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** bars ranked largest first: the name, a bar as long as its figure against the largest, the figure and its share of all */
export function RankBars({ rows, color, testId }: { rows: Bar[]; color: string; testId: string }) {
  const { token } = theme.useToken();
  const ranked = [...rows].sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh-CN'));
  const max = Math.max(1, ...ranked.map((r) => r.value));
  const total = ranked.reduce((a, r) => a + r.value, 0) || 1;
  return (
    <ol data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0, height: 300, overflowY: 'auto' }}>
      {ranked.map((r) => (
        <li key={r.name} data-name={r.name} data-value={r.value}
          style={{ display: 'grid', gridTemplateColumns: 'minmax(4em, 8em) 1fr auto', alignItems: 'center', gap: 12, padding: '5px 0' }}>
          <span title={r.name} style={clip}>{r.name}</span>
          <span style={{ background: token.colorFillTertiary, borderRadius: 3, height: 14 }}>
            <span style={{ display: 'block', width: `${(r.value / max) * 100}%`, minWidth: r.value > 0 ? 3 : 0, height: '100%', background: color, borderRadius: 3 }} />
          </span>
          <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', minWidth: '7em' }}>
            {r.value.toLocaleString('zh-CN')}
            <span style={{ color: token.colorTextSecondary, marginLeft: 6 }}>{((r.value / total) * 100).toFixed(1)}%</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** a column per day, as tall as its figure against the busiest day (date and figure in its title), every fifth date below, and the month's sum */
export function DayColumns({ days, color, testId }: { days: { date: string; count: number }[]; color: string; testId: string }) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...days.map((d) => d.count));
  const sum = days.reduce((a, d) => a + d.count, 0);
  const busiest = days.reduce<{ date: string; count: number } | null>((b, d) => (!b || d.count > b.count ? d : b), null);
  return (
    <div data-testid={testId} style={{ height: 300, display: 'flex', flexDirection: 'column' }}>
      <div style={{ flex: 1, display: 'flex', alignItems: 'flex-end', gap: 3, borderBottom: `1px solid ${token.colorBorder}` }}>
        {days.map((d) => (
          <div key={d.date} title={`${d.date.slice(5)}：${d.count} 单`} data-date={d.date} data-value={d.count}
            style={{ flex: 1, height: `${(d.count / max) * 100}%`, minHeight: d.count > 0 ? 3 : 0, background: color, borderRadius: '3px 3px 0 0' }} />
        ))}
      </div>
      <div style={{ display: 'flex', gap: 3, fontSize: 12, color: token.colorTextSecondary, marginTop: 4 }}>
        {days.map((d, i) => <span key={d.date} style={{ flex: 1, textAlign: 'center', overflow: 'visible', whiteSpace: 'nowrap' }}>{i % 5 === 0 ? `${Number(d.date.slice(8))}日` : ''}</span>)}
      </div>
      <div style={{ marginTop: 8, color: token.colorTextSecondary }} data-testid={`${testId}-sum`}>
        本月合计 <b style={{ color: token.colorText }}>{sum.toLocaleString('zh-CN')}</b> 单
        {busiest && busiest.count > 0 && <>，最多 {busiest.count.toLocaleString('zh-CN')} 单（{Number(busiest.date.slice(5, 7))}月{Number(busiest.date.slice(8))}日）</>}
      </div>
    </div>
  );
}
