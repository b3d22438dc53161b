import { createHash } from 'node:crypto';
import type { NewRow, RequestStatus } from '../schema.js';
import { ACME, DEMO_FIXTURES, GLOBEX } from './crm.js';
import type { DemoFile } from './documents.js';
import { buildPdf } from './pdf.js';
import { addHours, DAY_MS, dayFrom, daysAgo } from './time.js';

// The demo's requests (issue #18): a handful of Acme's, of several types and statuses, with public
// comments, one internal note (staff only), a due date, a next check-in, and one of Globex's. Rows
// with fixed ids and times relative to `now`, so a fixed now gives the same store; each change has
// its history event, staff's naming the company they acted for, as the store writes them.

/** demo@acme.example: Acme's company admin. */
export const ACME_ADMIN_USER_ID = 'u-demo-acme';
/** member@acme.example: a member of Acme (not the admin). */
export const ACME_MEMBER_USER_ID = 'u-acme-member';
export const STAFF_USER_ID = 'u-staff';
export const GLOBEX_USER_ID = 'u-demo-globex';

/** The countersigned MSA staff attached to ACME-3 (a document request): a file to link and save. */
export const DEMO_ATTACHMENT = {
  id: DEMO_FIXTURES.attachmentId,
  requestKey: DEMO_FIXTURES.requestKey,
  fileName: 'MSA-2025-countersigned.pdf',
} as const;

/** The internal note's text (the tests look for it in every customer-facing answer). */
export const DEMO_INTERNAL_NOTE =
  'Internal: margin on the extra Platform Squad hours is thin; check bench availability before approving.';

interface Plan {
  number: number;
  company: typeof ACME | typeof GLOBEX;
  type: string;
  title: string;
  description: string;
  fields?: Record<string, string | number>;
  subscriptionId?: string;
  projectId?: string;
  requester: string;
  assignee?: string;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  status: RequestStatus;
  visibility: 'participants' | 'company';
  /** Days ago it was filed. */
  filedDaysAgo: number;
  /** Due in this many days (negative: overdue). */
  dueInDays?: number;
  nextCheckInDays?: number;
  participants?: string[];
  /** Status steps after creation: [status, by, hours after filing]. */
  steps?: [RequestStatus, string, number][];
  comments?: { by: string; body: string; hours: number; internal?: boolean }[];
}

const PLANS: Plan[] = [
  {
    number: 1,
    company: ACME,
    type: 'change_of_scope',
    title: 'Add 160 hours to the Platform Squad for the Q3 launch',
    description:
      'The Q3 launch needs more hands on the platform work. Please add 160 hours to the Platform Squad plan from next month.',
    fields: { hours_delta: 160 },
    subscriptionId: 'acme-d-01',
    requester: ACME_MEMBER_USER_ID,
    assignee: STAFF_USER_ID,
    priority: 'high',
    status: 'awaiting_approval',
    visibility: 'company',
    filedDaysAgo: 6,
    dueInDays: 5,
    steps: [
      ['triaged', STAFF_USER_ID, 3],
      ['in_progress', STAFF_USER_ID, 20],
      ['awaiting_approval', STAFF_USER_ID, 50],
    ],
    comments: [
      {
        by: STAFF_USER_ID,
        body: 'We can staff the extra hours from the same squad, starting on the 1st. The change needs your company admin’s approval.',
        hours: 49,
      },
      { by: STAFF_USER_ID, body: DEMO_INTERNAL_NOTE, hours: 21, internal: true },
    ],
  },
  {
    number: 2,
    company: ACME,
    type: 'question',
    title: 'How is the lead time for changes measured?',
    description:
      'Our lead time jumped last month. Does it count from the first commit or from the pull request?',
    requester: ACME_ADMIN_USER_ID,
    assignee: STAFF_USER_ID,
    status: 'resolved',
    visibility: 'participants',
    filedDaysAgo: 9,
    steps: [
      ['in_progress', STAFF_USER_ID, 2],
      ['resolved', STAFF_USER_ID, 120],
    ],
    comments: [
      {
        by: STAFF_USER_ID,
        body: 'From the first commit of a change to its deployment to production. The jump came from two long-lived branches merged in May.',
        hours: 119,
      },
    ],
  },
  {
    number: 3,
    company: ACME,
    type: 'document_request',
    title: 'Countersigned copy of the 2025 master services agreement',
    description: 'Our auditors need the countersigned MSA by the end of the month.',
    fields: { document: 'contract', period: '2025' },
    requester: ACME_MEMBER_USER_ID,
    assignee: STAFF_USER_ID,
    status: 'in_progress',
    visibility: 'company',
    filedDaysAgo: 6,
    dueInDays: 1,
    steps: [['in_progress', STAFF_USER_ID, 6]],
    comments: [
      {
        by: ACME_MEMBER_USER_ID,
        body: 'A PDF is fine; the auditors do not need the paper copy.',
        hours: 8,
      },
    ],
  },
  {
    number: 4,
    company: ACME,
    type: 'talent_request',
    title: 'Replacement for the Android engineer on the warehouse app',
    description:
      'Our Android engineer moves to another team in six weeks; we need a replacement with Kotlin experience.',
    fields: { kind: 'replacement', role: 'Senior Android Engineer' },
    projectId: 'acme-wms',
    requester: ACME_ADMIN_USER_ID,
    assignee: STAFF_USER_ID,
    status: 'waiting_on_customer',
    visibility: 'company',
    filedDaysAgo: 12,
    nextCheckInDays: 7,
    participants: [ACME_MEMBER_USER_ID],
    steps: [
      ['triaged', STAFF_USER_ID, 4],
      ['in_progress', STAFF_USER_ID, 24],
      ['waiting_on_customer', STAFF_USER_ID, 200],
    ],
    comments: [
      {
        by: STAFF_USER_ID,
        body: 'We have two candidates. Could you tell us which days suit you for the interviews?',
        hours: 199,
      },
    ],
  },
  {
    number: 5,
    company: ACME,
    type: 'escalation',
    title: 'Staging deployments failing since Monday',
    description: 'Every deployment to staging fails at the migration step; the team is blocked.',
    fields: { impact: 'high' },
    requester: ACME_MEMBER_USER_ID,
    priority: 'urgent',
    status: 'submitted',
    visibility: 'participants',
    filedDaysAgo: 2,
    dueInDays: -1,
  },
  {
    number: 1,
    company: GLOBEX,
    type: 'question',
    title: 'Storefront release calendar for July',
    description: 'Which Thursdays in July are release days for the storefront?',
    requester: GLOBEX_USER_ID,
    status: 'submitted',
    visibility: 'participants',
    filedDaysAgo: 1,
  },
];

const PREFIX = { [ACME]: 'ACME', [GLOBEX]: 'GLOBEX' } as const;

export interface DemoRequestRows {
  settings: NewRow<'company_request_settings'>[];
  requests: NewRow<'requests'>[];
  participants: NewRow<'request_participants'>[];
  comments: NewRow<'request_comments'>[];
  events: NewRow<'request_events'>[];
  attachments: NewRow<'request_attachments'>[];
  /** The attachments' bytes, stored with the demo documents. */
  files: DemoFile[];
}

export function demoRequests(now: Date): DemoRequestRows {
  const out: DemoRequestRows = {
    settings: [],
    requests: [],
    participants: [],
    comments: [],
    events: [],
    attachments: [],
    files: [],
  };
  const onBehalf = (by: string, company: string) => (by === STAFF_USER_ID ? company : null);
  for (const plan of PLANS) {
    const key = `${PREFIX[plan.company]}-${plan.number}`;
    const id = `req-demo-${key.toLowerCase()}`;
    const filed = daysAgo(now, plan.filedDaysAgo, 9);
    const event = (
      by: string,
      kind: NewRow<'request_events'>['kind'],
      before: unknown,
      after: unknown,
      at: Date,
      internal = false,
    ) =>
      out.events.push({
        request_id: id,
        company_id: plan.company,
        actor_id: by,
        on_behalf_of_company: onBehalf(by, plan.company),
        kind,
        before: before === null ? null : JSON.stringify(before),
        after: after === null ? null : JSON.stringify(after),
        internal,
        at,
      });
    const priority = plan.priority ?? 'normal';
    event(
      plan.requester,
      'created',
      null,
      { key, type: plan.type, status: 'submitted', priority, visibility: plan.visibility },
      filed,
    );
    // Every change in time order: status steps, the assignment, comments, participants.
    const changes: { at: Date; write: () => void }[] = [];
    let status: RequestStatus = 'submitted';
    let resolvedAt: Date | null = null;
    let lastChange = filed;
    let waitingOn: 'provider' | 'customer' = 'provider';
    let waitingSince = filed;
    let version = 1;
    for (const [to, by, hours] of plan.steps ?? []) {
      const at = addHours(filed, hours);
      const from = status;
      changes.push({ at, write: () => event(by, 'status', { status: from }, { status: to }, at) });
      status = to;
      version += 1;
      lastChange = at;
      const waiting = to === 'waiting_on_customer' || to === 'awaiting_approval' ? 'customer' : 'provider';
      if (waiting !== waitingOn) waitingSince = at;
      waitingOn = waiting;
      if (to === 'resolved') resolvedAt = at;
    }
    if (plan.assignee) {
      const at = addHours(filed, 1);
      const assignee = plan.assignee;
      changes.push({
        at,
        write: () => event(assignee, 'assigned', { assigneeId: null }, { assigneeId: assignee }, at),
      });
      version += 1;
    }
    let dueAt: Date | null = null;
    if (plan.dueInDays !== undefined) {
      dueAt = new Date(daysAgo(now, -plan.dueInDays, 0).getTime() + DAY_MS - 1);
      const at = addHours(filed, 2);
      const due = dueAt;
      changes.push({
        at,
        write: () =>
          event(
            STAFF_USER_ID,
            'due',
            { dueAt: null, source: null },
            { dueAt: due.toISOString(), source: 'agreed' },
            at,
          ),
      });
      version += 1;
    }
    const nextCheckIn = plan.nextCheckInDays === undefined ? null : dayFrom(now, plan.nextCheckInDays);
    if (nextCheckIn) {
      const at = addHours(filed, 201);
      changes.push({
        at,
        write: () => event(STAFF_USER_ID, 'check_in', { nextCheckIn: null }, { nextCheckIn }, at),
      });
      version += 1;
      if (at > lastChange) lastChange = at;
    }
    for (const userId of plan.participants ?? []) {
      const at = addHours(filed, 1);
      out.participants.push({
        request_id: id,
        company_id: plan.company,
        user_id: userId,
        added_by: plan.requester,
        added_at: at,
      });
      changes.push({ at, write: () => event(plan.requester, 'participant_added', null, { userId }, at) });
    }
    (plan.comments ?? []).forEach((comment, i) => {
      const at = addHours(filed, comment.hours);
      const commentId = `rqc-demo-${key.toLowerCase()}-${i + 1}`;
      out.comments.push({
        id: commentId,
        request_id: id,
        company_id: plan.company,
        author_id: comment.by,
        on_behalf_of: onBehalf(comment.by, plan.company),
        body: comment.body,
        internal: comment.internal === true,
        created_at: at,
      });
      changes.push({
        at,
        write: () => event(comment.by, 'comment', null, { commentId }, at, comment.internal === true),
      });
    });
    if (key === DEMO_ATTACHMENT.requestKey) {
      const at = addHours(filed, 30);
      const bytes = buildPdf({
        title: 'Master services agreement 2025 (countersigned)',
        lines: ['Acme Corporation and the provider', 'Countersigned copy for the auditors.'],
        createdAt: at,
      });
      const storageKey = `requests/${plan.company}/${id}/${DEMO_ATTACHMENT.id}`;
      out.files.push({ storageKey, contentType: 'application/pdf', bytes });
      out.attachments.push({
        id: DEMO_ATTACHMENT.id,
        request_id: id,
        company_id: plan.company,
        file_name: DEMO_ATTACHMENT.fileName,
        content_type: 'application/pdf',
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storage_key: storageKey,
        scan: 'not_scanned',
        uploaded_by: STAFF_USER_ID,
        on_behalf_of: plan.company,
        created_at: at,
      });
      const fileName = DEMO_ATTACHMENT.fileName;
      changes.push({
        at,
        write: () =>
          event(STAFF_USER_ID, 'attachment', null, { fileName, attachmentId: DEMO_ATTACHMENT.id }, at),
      });
    }
    changes.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const change of changes) change.write();
    out.requests.push({
      id,
      company_id: plan.company,
      number: plan.number,
      key,
      type: plan.type,
      title: plan.title,
      description: plan.description,
      fields: JSON.stringify(plan.fields ?? {}),
      subscription_id: plan.subscriptionId ?? null,
      project_id: plan.projectId ?? null,
      requester_id: plan.requester,
      created_by: plan.requester,
      assignee_id: plan.assignee ?? null,
      priority,
      status,
      due_at: dueAt,
      due_source: dueAt ? 'agreed' : null,
      next_check_in: nextCheckIn,
      waiting_on: waitingOn,
      visibility: plan.visibility,
      waiting_since: waitingSince,
      resolved_at: resolvedAt,
      closed_at: null,
      version,
      created_at: filed,
      updated_at: lastChange,
    });
  }
  for (const company of [ACME, GLOBEX] as const) {
    const numbers = PLANS.filter((p) => p.company === company).map((p) => p.number);
    out.settings.push({
      company_id: company,
      key_prefix: PREFIX[company],
      next_number: Math.max(0, ...numbers) + 1,
      default_visibility: 'participants',
      updated_at: now,
    });
  }
  return out;
}
