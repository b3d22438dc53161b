export { Stat, defaultStatLabels } from './Stat';
export type { StatDelta, StatDirection, StatLabels, StatProps, StatSize } from './Stat';
