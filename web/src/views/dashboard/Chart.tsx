/**
 * ECharts through echarts/core (bundled, no CDN): the parts every chart here uses (grid, tooltip, canvas) are
 * registered with the component; each page registers the series and components it draws (`registerCharts`), once, when
 * its module loads. The dashboards draw their figures without it (Bars.tsx).
 */
import * as echarts from 'echarts/core';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { prefersReducedMotion } from '../../utils/motion.ts';
import { useMemo, type CSSProperties } from 'react';

echarts.use([GridComponent, TooltipComponent, CanvasRenderer]);

/** registers chart types and components (echarts/charts, echarts/components) for the charts of a page */
export const registerCharts = (parts: Parameters<typeof echarts.use>[0]) => echarts.use(parts);

export type ChartOption = Parameters<echarts.ECharts['setOption']>[0];

/** onEvents: ECharts events by name, e.g. { click: (p) => … } to drill down from a bar */
export default function Chart({ option, style, testId, onEvents }: { option: ChartOption; style?: CSSProperties; testId?: string; onEvents?: Record<string, (params: any) => void> }) {
  // a user who asked the system for less motion gets the chart drawn at once, without its entry animation
  const shown = useMemo(() => (prefersReducedMotion() ? { ...option, animation: false } : option), [option]);
  return (
    <div data-testid={testId}>
      <ReactEChartsCore echarts={echarts} option={shown} notMerge lazyUpdate onEvents={onEvents} style={{ height: 300, width: '100%', ...style }} />
    </div>
  );
}

