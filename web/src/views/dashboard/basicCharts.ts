/** the chart types of the report pages (statistics, 看板, 费用): line, bar, pie, with legends and titles */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { LegendComponent, TitleComponent } from 'echarts/components';
import { registerCharts } from './Chart.tsx';

registerCharts([LineChart, BarChart, PieChart, LegendComponent, TitleComponent]);
