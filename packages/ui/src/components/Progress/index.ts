export { Progress } from './Progress.js';
export type { ProgressMarker, ProgressProps, ProgressSize, ProgressTone } from './Progress.js';
export { clampProgress } from './clamp.js';
