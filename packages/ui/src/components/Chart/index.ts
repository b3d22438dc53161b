export { LineChart } from './LineChart.js';
export type { LineChartProps } from './LineChart.js';
export { BarChart } from './BarChart.js';
export type { BarChartProps } from './BarChart.js';
export { defaultChartLabels } from './Chart.js';
export type { ChartBaseProps, ChartLabels } from './Chart.js';
export type { ChartData, ChartSeries, ChartValue, ChartYDomain } from './scales.js';
