import type {
  REQUEST_DUE_SOURCES,
  REQUEST_PRIORITIES,
  RequestDetail,
  UpdateRequestBody,
} from '@client-portal/api-client/requests';
import { dayOf } from './requestFacts.js';

// The staff's triage form: its values from a request, and what changed as the update's body.

export type DueSource = (typeof REQUEST_DUE_SOURCES)[number];
export type Priority = (typeof REQUEST_PRIORITIES)[number];

export interface Values {
  assigneeId: string;
  priority: Priority;
  dueAt: string;
  dueSource: DueSource;
  nextCheckIn: string;
}

export const UNASSIGNED = '__unassigned';

export const valuesOf = (request: RequestDetail): Values => ({
  assigneeId: request.assignee?.id ?? UNASSIGNED,
  priority: request.priority,
  dueAt: dayOf(request.dueAt),
  dueSource: request.dueSource ?? 'agreed',
  nextCheckIn: request.nextCheckIn ?? '',
});

/** What changed between the request and the form, as the update's body (nothing: empty). */
export function changedFields(before: Values, after: Values): UpdateRequestBody {
  const body: UpdateRequestBody = {};
  if (after.assigneeId !== before.assigneeId)
    body.assigneeId = after.assigneeId === UNASSIGNED ? null : after.assigneeId;
  if (after.priority !== before.priority) body.priority = after.priority;
  if (after.dueAt !== before.dueAt || (after.dueAt !== '' && after.dueSource !== before.dueSource)) {
    body.dueAt = after.dueAt === '' ? null : after.dueAt;
    if (after.dueAt !== '') body.dueSource = after.dueSource;
  }
  if (after.nextCheckIn !== before.nextCheckIn)
    body.nextCheckIn = after.nextCheckIn === '' ? null : after.nextCheckIn;
  return body;
}
