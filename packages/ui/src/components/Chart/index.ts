export { LineChart } from './LineChart';
export type { LineChartProps } from './LineChart';
export { BarChart } from './BarChart';
export type { BarChartProps } from './BarChart';
export { defaultChartLabels } from './Chart';
export type { ChartBaseProps, ChartLabels } from './Chart';
export type { ChartData, ChartSeries, ChartValue, ChartYDomain } from './scales';
