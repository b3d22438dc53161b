// <ClientPortal> and mountClientPortal() land with issue #5; the pure helpers come first.
export { checkInProgress, CHECK_IN_DAYS_BEFORE_END, FALLBACK_TOTAL_DAYS } from './lib/checkInProgress';
export type { CheckInProgress } from './lib/checkInProgress';
export { formatDateNumeric, formatDateShort } from './lib/dates';
