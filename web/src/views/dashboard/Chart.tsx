/** ECharts through echarts/core with only the parts the dashboard uses (bundled, no CDN). */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { CSSProperties } from 'react';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, CanvasRenderer]);

export type ChartOption = Parameters<echarts.ECharts['setOption']>[0];

/** onEvents: ECharts events by name, e.g. { click: (p) => … } to drill down from a bar */
export default function Chart({ option, style, testId, onEvents }: { option: ChartOption; style?: CSSProperties; testId?: string; onEvents?: Record<string, (params: any) => void> }) {
  return (
    <div data-testid={testId}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate onEvents={onEvents} style={{ height: 300, width: '100%', ...style }} />
    </div>
  );
}
