export { DoraPanel } from './DoraPanel.js';
export type { DoraPanelProps } from './DoraPanel.js';
export { DoraRangeControls } from './DoraRangeControls.js';
