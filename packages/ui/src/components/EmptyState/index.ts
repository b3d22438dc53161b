export { EmptyState } from './EmptyState.js';
export type { EmptyStateHeadingLevel, EmptyStateProps } from './EmptyState.js';
