/**
 * A dashboard chart whose ECharts code loads when the chart comes into view: one above the fold loads at once, one
 * further down when the page is scrolled near it (the dashboard's first-load budget, e2e/shell/bundle.test.ts).
 * `kind` names the series the chart draws; each kind's module registers only its series with ECharts.
 */
import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ChartOption } from './Chart.tsx';

const KINDS = {
  line: lazy(() => import('./lineChart.ts')),
  bar: lazy(() => import('./barChart.ts')),
};
export type ChartKind = keyof typeof KINDS;

/** whether the element has come within `margin` of the viewport (once true, it stays true) */
function useSeen(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [seen, margin]);
  return [ref, seen] as const;
}

export default function LazyChart({ kind, option, style }: { kind: ChartKind; option: ChartOption; style?: CSSProperties }) {
  const [ref, seen] = useSeen('200px');
  const Chart = KINDS[kind];
  const box = <div style={{ height: 300, width: '100%', ...style }} />;
  return (
    <div ref={ref} data-chart-kind={kind}>
      {seen ? <Suspense fallback={box}><Chart option={option} style={style} /></Suspense> : box}
    </div>
  );
}
