export { ErrorState, defaultErrorStateLabels } from './ErrorState';
export type { ErrorStateHeadingLevel, ErrorStateLabels, ErrorStateProps } from './ErrorState';
