/**
 * 运单监控 (waybillMonitorManager, 政): the jurisdiction's waybills with their counts by state on
 * top — each count a card that filters the list below — the search form and the list; 详情 opens
 * /waybillManager/infoManager/info?id=.
 */
import { Card, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { stateColor } from '@dg/core';
import { WAYBILL_STATES, waybillForm } from '@dg/core/waybill';
import WaybillQueue from '../waybill/WaybillQueue';
import { getStateCounts } from './api';
import { useListState } from '../../components/resource/useListState';
import { usePhone } from '../../components/resource/phone';

const TONE: Record<string, string> = { processing: '#1677ff', success: '#52c41a', error: '#ff4d4f', orange: '#fa8c16', gold: '#d4b106', cyan: '#13c2c2', blue: '#1677ff', default: '#8c8c8c' };

export default function MonitorPage() {
  const phone = usePhone();
  // the card's state is one of the list's filters, kept in the URL with the rest of its search
  const [{ filters }, setList] = useListState('monitor', { inUrl: true });
  const state = typeof filters.state === 'string' ? filters.state : '';
  const setState = (s: string) => setList({ page: 1, filters: { ...filters, state: s || undefined } });
  const counts = useQuery({ queryKey: ['waybill', 'stateCounts'], queryFn: () => getStateCounts() });
  const all = Object.values(counts.data ?? {}).reduce((s, n) => s + Number(n || 0), 0);
  const cards = [{ key: '', label: '全部', n: all }, ...WAYBILL_STATES.map((s) => ({ key: s, label: s, n: Number(counts.data?.[s] ?? 0) }))];
  const header = (
    // on a phone the cards scroll sideways in one row: the list stays on the first screen
    <div style={phone ? { display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '86px', overflowX: 'auto', gap: 8, marginBottom: 12, paddingBottom: 4 }
      : { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(86px, 1fr))', gap: 12, marginBottom: 16 }} data-testid="state-cards">
      {cards.map((c) => {
        const active = state === c.key;
        const color = c.key ? TONE[stateColor(waybillForm.workflow, c.key)] : '#1677ff';
        return (
          <Card key={c.key || 'all'} size="small" hoverable onClick={() => setState(c.key)} data-testid={`state-card-${c.key || 'all'}`}
              style={{ borderColor: active ? color : undefined, boxShadow: active ? `0 0 0 1px ${color}` : undefined, cursor: 'pointer' }}>
              <Statistic title={<Typography.Text style={{ color: active ? color : undefined }}>{c.label}</Typography.Text>} value={c.n} loading={counts.isLoading}
                styles={{ content: { color, fontSize: 22 } }} />
            </Card>
        );
      })}
    </div>
  );
  return <WaybillQueue queue="monitor" state={state} header={header} />;
}
