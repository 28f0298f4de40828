/** the dashboards' bar charts: ECharts with the bar series, loaded when such a chart comes into view (LazyChart) */
import { BarChart } from 'echarts/charts';
import Chart, { registerCharts } from './Chart.tsx';

registerCharts([BarChart]);

export default Chart;
