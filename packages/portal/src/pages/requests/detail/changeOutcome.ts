import { isRequestError } from '@client-portal/api-client';

/**
 * What a failed change of a request means for the person making it:
 * - stale: 412, someone changed the request meanwhile (reload, keep what was typed);
 * - conflict: 409, the action is not open in the request's status (or the reopen window passed);
 * - refused: 403, the caller's role may not do this;
 * - gone: 404, the request is no longer shared with the caller;
 * - tooLarge / badType: 413 / 415 of an upload (the host's detail names the limit);
 * - invalid: 400, with the host's words;
 * - failed: anything else (network, 5xx): try again.
 */
export type ChangeFailure =
  | 'stale'
  | 'conflict'
  | 'refused'
  | 'gone'
  | 'tooLarge'
  | 'badType'
  | 'invalid'
  | 'failed';

const BY_STATUS: Record<number, ChangeFailure> = {
  400: 'invalid',
  403: 'refused',
  404: 'gone',
  409: 'conflict',
  412: 'stale',
  413: 'tooLarge',
  415: 'badType',
};

export function changeFailure(error: unknown): ChangeFailure {
  if (!isRequestError(error)) return 'failed';
  return BY_STATUS[error.status] ?? 'failed';
}

/** The host's own explanation (problem+json `detail`), if it sent one. */
export function problemDetail(error: unknown): string | undefined {
  return isRequestError(error) ? error.detail : undefined;
}
