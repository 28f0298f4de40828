/** the dashboards' line charts: ECharts with the line series, loaded when such a chart comes into view (LazyChart) */
import { LineChart } from 'echarts/charts';
import Chart, { registerCharts } from './Chart.tsx';

registerCharts([LineChart]);

export default Chart;
