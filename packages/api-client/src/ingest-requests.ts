import type * as z from 'zod/mini';
import type { IngestError } from './schemas/ingest.js';

/**
 * How an ingest request is read, the same in the host and the mocks: its token and, for a refused
 * batch, the problem's `detail` and `errors`.
 */

/**
 * An ingest token (`Authorization: Bearer …`): "cpi_", the token's id (16 hex digits), "_", its
 * secret (64 hex digits). The host keeps only the secret's SHA-256.
 */
export const INGEST_TOKEN_PATTERN = /^cpi_([0-9a-f]{16})_([0-9a-f]{64})$/;

/** Most refused fields a 400 lists; the detail counts them all. */
export const MAX_INGEST_ERRORS = 100;

/** What an unknown (e.g. misspelt) field of an event is told. */
export const UNKNOWN_FIELD = 'is not a field of this event';

/** Longest path or message in a refusal: a message may name a key the sender chose. */
const TEXT_LENGTH = 120;
const cut = (text: string) => (text.length > TEXT_LENGTH ? `${text.slice(0, TEXT_LENGTH)}…` : text);

export interface IngestRefusal {
  detail: string;
  /** Each refused field of an event; absent when only the batch itself is wrong. */
  errors?: IngestError[];
}

/**
 * A refused batch as the 400 tells it: the events' refused fields (the first MAX_INGEST_ERRORS)
 * and what is wrong with the batch itself, counted in `detail`.
 */
export function ingestRefusal(
  errors: readonly IngestError[],
  batchProblems: readonly string[] = [],
): IngestRefusal {
  const events = new Set(errors.map((e) => e.index)).size;
  const listed =
    errors.length > MAX_INGEST_ERRORS ? ` (the first ${MAX_INGEST_ERRORS} errors are listed)` : '';
  const parts = [
    ...(batchProblems.length ? [`The batch is invalid (${batchProblems.slice(0, 3).join('; ')}).`] : []),
    ...(events ? [`${events} event${events === 1 ? ' was' : 's were'} refused${listed}.`] : []),
    'Nothing was stored.',
  ];
  return {
    detail: parts.join(' '),
    ...(errors.length
      ? {
          errors: errors
            .slice(0, MAX_INGEST_ERRORS)
            .map((e) => ({ index: e.index, path: cut(e.path), message: cut(e.message) })),
        }
      : {}),
  };
}

/**
 * A batch that breaks the wire format: the first issue of each field inside `events[i]` becomes
 * `{ index: i, path, message }` with the path inside that event; an issue of the batch itself (no `events`, more than
 * the maximum, an unknown top-level field) goes into `detail`.
 */
export function ingestRefusalOf(error: z.core.$ZodError): IngestRefusal {
  const errors: IngestError[] = [];
  const batch: string[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const [first, index, ...rest] = issue.path;
    if (first === 'events' && typeof index === 'number') {
      const at = rest.map(String).join('.');
      // An unknown field is reported under its own name, as the store reports it.
      const fields =
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({ path: at ? `${at}.${key}` : key, message: UNKNOWN_FIELD }))
          : [{ path: at, message: issue.message }];
      for (const { path, message } of fields) {
        // One error per field: the first rule it breaks (a malformed date also fails its bounds).
        if (seen.has(`${index}:${path}`)) continue;
        seen.add(`${index}:${path}`);
        errors.push({ index, path, message });
      }
    } else {
      const path = issue.path.map(String).join('.');
      batch.push(cut(path ? `${path}: ${issue.message}` : issue.message));
    }
  }
  return ingestRefusal(errors, batch);
}
