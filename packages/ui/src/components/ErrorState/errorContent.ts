import type { ReactNode } from 'react';

/**
 * What the `error` prop of a data component (Chart, Table, Stat) accepts: `true`, a message to
 * show, or the caught `Error` itself (`error={query.error}`).
 */
export type ErrorInput = ReactNode | Error;

export interface ErrorContent {
  /** Shown under the title. */
  message?: ReactNode;
  /** Collapsed under "Technical details": an Error's message is written for developers. */
  details?: string;
}

/** How to show an `error` prop; null when there is no error (`undefined`, `null`, `false`, `''`). */
export function errorContent(error: ErrorInput): ErrorContent | null {
  if (error == null || error === false || error === '') return null;
  if (error instanceof Error) return { details: error.message || error.name };
  if (error === true) return {};
  return { message: error };
}
