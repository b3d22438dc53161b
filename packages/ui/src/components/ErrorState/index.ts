export { ErrorState, defaultErrorStateLabels } from './ErrorState.js';
export type { ErrorStateHeadingLevel, ErrorStateLabels, ErrorStateProps } from './ErrorState.js';
export type { ErrorInput } from './errorContent.js';
