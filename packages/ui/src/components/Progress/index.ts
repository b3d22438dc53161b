export { defaultProgressStatusLabels, Progress } from './Progress.js';
export type {
  ProgressMarker,
  ProgressProps,
  ProgressSize,
  ProgressStatus,
  ProgressStatusLabels,
  ProgressTone,
} from './Progress.js';
export { clampProgress } from './clamp.js';
