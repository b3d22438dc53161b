export { Progress } from './Progress';
export type { ProgressMarker, ProgressProps, ProgressSize, ProgressTone } from './Progress';
export { clampProgress } from './clamp';
