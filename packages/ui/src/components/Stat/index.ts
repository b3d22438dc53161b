export { Stat, defaultStatLabels } from './Stat.js';
export type { StatDelta, StatDirection, StatLabels, StatProps, StatSize } from './Stat.js';
