import * as z from 'zod/mini';
import { count, isoDate, isoDateTime, linkUrl } from './common.js';
import { described, named } from './registry.js';
import {
  multiLineText,
  pageNumberParam,
  patternedText,
  recordIdParam,
  requestDate,
  singleLineText,
} from './request-rules.js';

// Requests: the case tracker (issue #18). A request belongs to one company and is addressed by its
// key (`ACME-42`), which is unique in the company: a key the caller may not see answers 404 like an
// unknown one. Customers see five plain labels, never the provider's internal status, and never an
// internal note.

export const REQUEST_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,9}-[1-9][0-9]{0,8}$/;
export const REQUEST_TITLE_MAX = 200;
export const REQUEST_TEXT_MAX = 20_000;
export const REQUEST_PAGE_SIZE_MAX = 100;
/** Search text in a list: 2–200 characters. */
export const REQUEST_SEARCH_MAX = 200;

export const REQUEST_STATUSES = [
  'submitted',
  'triaged',
  'in_progress',
  'waiting_on_customer',
  'awaiting_approval',
  'resolved',
  'closed',
  'cancelled',
] as const;
export const REQUEST_LABELS = ['submitted', 'in_progress', 'waiting_for_you', 'resolved', 'closed'] as const;
export const REQUEST_ACTIONS = [
  'cancel',
  'answer',
  'approve',
  'confirm',
  'reopen',
  'triage',
  'start',
  'wait_on_customer',
  'ask_approval',
  'resolve',
  'close',
] as const;
export const REQUEST_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const REQUEST_VISIBILITIES = ['participants', 'company'] as const;
export const REQUEST_DUE_STATES = ['on_track', 'at_risk', 'overdue'] as const;
export const REQUEST_DUE_SOURCES = ['contract', 'check_in', 'agreed'] as const;
export const ATTACHMENT_SCAN_STATES = ['pending', 'clean', 'infected', 'not_scanned', 'failed'] as const;

export const requestKeyParam = described(
  patternedText({
    min: 4,
    max: 20,
    pattern: { regex: REQUEST_KEY_PATTERN, message: 'Expected a request key such as ACME-42.' },
  }),
  'Request key: the company’s prefix, "-", and the request’s number, e.g. "ACME-42".',
);

const personSchema = named(
  'RequestPerson',
  z.object({
    id: z.string(),
    name: described(z.string(), 'Display name; the e-mail address when the person has no name.'),
    provider: described(z.boolean(), 'A member of the provider’s staff, not of the customer.'),
  }),
);

const fieldValue = z.union([z.string(), z.number()]);

export const requestFieldSchema = named(
  'RequestTypeField',
  z.object({
    name: z.string(),
    label: z.string(),
    kind: z.enum(['text', 'number', 'date', 'select']),
    required: z.boolean(),
    min: z.optional(z.number()),
    max: z.optional(z.number()),
    integer: z.optional(z.boolean()),
    maxLength: z.optional(count),
    options: z.optional(z.array(z.string())),
  }),
);

export const requestTypeSchema = named(
  'RequestType',
  z.object({
    id: z.string(),
    label: z.string(),
    needsApproval: described(z.boolean(), 'The company admin approves before the work is done.'),
    requiresProject: z.boolean(),
    requiresSubscription: z.boolean(),
    hostOnly: described(
      z.boolean(),
      'Opened by the portal itself (e.g. renewal check-ins), never by a person.',
    ),
    fields: z.array(requestFieldSchema),
  }),
);

const dueFields = {
  dueAt: described(z.nullable(isoDateTime), 'When the provider has agreed to answer by.'),
  dueSource: z.nullable(z.enum(REQUEST_DUE_SOURCES)),
  dueState: described(
    z.nullable(z.enum(REQUEST_DUE_STATES)),
    'On track, at risk (past 75 % of the time to the due date) or overdue; null without a due date or once resolved.',
  ),
  nextCheckIn: described(z.nullable(isoDate), 'The next check-in date, if one is planned.'),
};

export const requestSummarySchema = named(
  'RequestSummary',
  z.object({
    id: z.string(),
    key: described(z.string(), 'E.g. "ACME-42".'),
    companyId: z.string(),
    companyName: z.string(),
    type: z.string(),
    typeLabel: z.string(),
    title: z.string(),
    label: described(z.enum(REQUEST_LABELS), 'The customer’s plain status.'),
    status: described(
      z.optional(z.enum(REQUEST_STATUSES)),
      'The provider’s internal status: present for provider staff only.',
    ),
    priority: z.enum(REQUEST_PRIORITIES),
    ...dueFields,
    waitingOn: z.enum(['provider', 'customer']),
    visibility: z.enum(REQUEST_VISIBILITIES),
    requester: personSchema,
    assignee: z.nullable(personSchema),
    subscriptionId: z.nullable(z.string()),
    projectId: z.nullable(z.string()),
    commentCount: count,
    attachmentCount: count,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
);

export const requestListSchema = named(
  'RequestList',
  z.object({
    items: z.array(requestSummarySchema),
    page: count,
    pageSize: count,
    hasMore: described(z.boolean(), 'Another page follows.'),
  }),
);

export const requestAttachmentSchema = named(
  'RequestAttachment',
  z.object({
    id: z.string(),
    fileName: described(z.string(), 'Cleaned of paths and control or direction-override characters.'),
    contentType: described(z.string(), 'Decided from the file’s content, not its name.'),
    sizeBytes: count,
    scan: described(
      z.enum(ATTACHMENT_SCAN_STATES),
      'pending until the virus scanner has answered; an infected or failed file is never served; not_scanned when no scanner is configured.',
    ),
    version: described(count, 'A newer version of a file replaces the earlier one in the list (1 first).'),
    replacesId: z.nullable(z.string()),
    uploadedBy: personSchema,
    createdAt: isoDateTime,
    savedToDocuments: described(z.boolean(), 'Saved to the company’s documents (document requests).'),
  }),
);

const eventEntry = z.object({
  kind: z.literal('event'),
  id: described(
    z.string(),
    'Unique within the request and stable: the change’s ordinal among the request’s public changes ("e3"), or among its internal ones ("i2", staff only). Says nothing about other requests.',
  ),
  at: isoDateTime,
  actor: z.nullable(personSchema),
  onBehalfOf: described(
    z.nullable(z.string()),
    'Staff act for a company: its name ("Alex for Acme"). Null for customers and the portal itself.',
  ),
  event: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  text: described(
    z.string(),
    'The change in English words, e.g. "Status: Submitted → In progress"; a portal words it in its own language from `event`, `before`, `after` and `subject`.',
  ),
  subject: described(
    z.optional(z.nullable(z.string())),
    'The person or file the change names (the assignee, the participant added or removed, the file), by name; null when none.',
  ),
  internal: described(
    z.optional(z.boolean()),
    'A provider-only change (an internal note, the internal status): only ever sent to provider staff.',
  ),
});
const commentEntry = z.object({
  kind: z.literal('comment'),
  id: z.string(),
  at: isoDateTime,
  actor: personSchema,
  onBehalfOf: z.nullable(z.string()),
  body: z.string(),
  internal: described(z.boolean(), 'A provider note: only ever sent to provider staff.'),
});
const attachmentEntry = z.object({
  kind: z.literal('attachment'),
  id: z.string(),
  at: isoDateTime,
  actor: personSchema,
  attachment: requestAttachmentSchema,
});

export const requestTimelineEntrySchema = named(
  'RequestTimelineEntry',
  z.discriminatedUnion('kind', [eventEntry, commentEntry, attachmentEntry]),
);

export const requestDetailSchema = named(
  'RequestDetail',
  z.extend(requestSummarySchema, {
    description: z.string(),
    fields: z.record(z.string(), fieldValue),
    createdBy: z.nullable(personSchema),
    linkedRequestKey: z.nullable(z.string()),
    waitingSince: isoDateTime,
    resolvedAt: z.nullable(isoDateTime),
    closedAt: z.nullable(isoDateTime),
    reopenUntil: described(
      z.nullable(isoDateTime),
      'A resolved request can be reopened until then (14 days); later only a new linked request.',
    ),
    version: described(count, 'Send it back as `If-Match` with a change; a stale one is answered 412.'),
    actions: described(z.array(z.enum(REQUEST_ACTIONS)), 'The status actions open to the caller now.'),
    can: z.object({
      comment: z.boolean(),
      internalNote: z.boolean(),
      attach: z.boolean(),
      manageParticipants: z.boolean(),
      changeVisibility: z.boolean(),
      triage: described(z.boolean(), 'Assign, prioritise and set due and check-in dates (staff).'),
      readHistory: z.boolean(),
    }),
    participants: z.array(personSchema),
    attachments: z.array(requestAttachmentSchema),
    timeline: described(z.array(requestTimelineEntrySchema), 'Oldest first.'),
    hours: described(
      z.nullable(
        z.object({
          delta: z.number(),
          subscriptionName: z.string(),
          hoursLeft: z.nullable(z.number()),
          hoursLeftAfter: z.nullable(z.number()),
        }),
      ),
      'A change of scope or hours: what it adds against the subscription’s hours left.',
    ),
  }),
);

export const requestMetaSchema = named(
  'RequestMeta',
  z.object({
    types: z.array(requestTypeSchema),
    defaultVisibility: z.enum(REQUEST_VISIBILITIES),
    companyAdmin: described(z.boolean(), 'The caller is the company’s admin.'),
    staff: described(z.boolean(), 'The caller is provider staff (acting for the company).'),
    colleagues: described(z.array(personSchema), 'People of the company who can be added to a request.'),
    assignees: described(
      z.array(personSchema),
      'Provider staff a request can be assigned to (staff only; empty for customers).',
    ),
    subscriptions: z.array(z.object({ id: z.string(), name: z.string() })),
    projects: z.array(z.object({ id: z.string(), name: z.string() })),
    attachmentLimits: z.object({
      fileBytes: count,
      requestBytes: count,
      types: described(z.array(z.string()), 'Media types accepted (decided from the content).'),
    }),
  }),
);

const statusFilter = described(
  z.optional(
    patternedText({
      max: 300,
      pattern: { regex: /^[a-z_]+(,[a-z_]+)*$/, message: 'Expected statuses separated by commas.' },
    }),
  ),
  'Comma-separated: the customer labels (submitted, in_progress, waiting_for_you, resolved, closed) or, for staff, the internal statuses.',
);

const listQueryShape = {
  status: statusFilter,
  type: z.optional(singleLineText({ max: 40 })),
  dueState: z.optional(z.enum(REQUEST_DUE_STATES)),
  q: described(z.optional(singleLineText({ min: 2, max: REQUEST_SEARCH_MAX })), 'Key or words of the title.'),
  page: z.optional(pageNumberParam(100_000)),
  pageSize: z.optional(pageNumberParam(REQUEST_PAGE_SIZE_MAX)),
};

export const requestListQuerySchema = named(
  'RequestListQuery',
  z.object({
    ...listQueryShape,
    scope: described(
      z.optional(z.enum(['mine', 'company'])),
      'mine (default): filed by or shared with the caller; company: every request the caller may see.',
    ),
    subscriptionId: z.optional(recordIdParam),
    projectId: z.optional(recordIdParam),
    talentId: described(z.optional(recordIdParam), 'Talent requests naming this engineer.'),
  }),
);

export const staffQueueQuerySchema = named(
  'StaffQueueQuery',
  z.object({
    ...listQueryShape,
    companyId: z.optional(recordIdParam),
    assignee: described(z.optional(singleLineText({ max: 128 })), 'A staff user id, "me" or "unassigned".'),
  }),
);

export const staffQueueOptionsSchema = named(
  'StaffQueueOptions',
  z.object({
    types: described(
      z.array(z.object({ id: z.string(), label: z.string() })),
      'Every configured request type, host-only ones included, by label.',
    ),
    assignees: described(z.array(personSchema), 'The provider staff a request can be assigned to, by name.'),
  }),
);

const fieldsInput = described(
  z.optional(z.record(singleLineText({ min: 1, max: 40 }), fieldValue)),
  'The type’s own fields by name (see the types in GET /api/requests/meta).',
);

export const createRequestBodySchema = named(
  'CreateRequest',
  z.strictObject({
    type: singleLineText({ min: 1, max: 40 }),
    title: singleLineText({ min: 1, max: REQUEST_TITLE_MAX, trim: true }),
    description: z.optional(multiLineText({ max: REQUEST_TEXT_MAX })),
    fields: fieldsInput,
    subscriptionId: z.optional(z.nullable(recordIdParam)),
    projectId: z.optional(z.nullable(recordIdParam)),
    linkedRequestKey: z.optional(z.nullable(requestKeyParam)),
    visibility: z.optional(z.enum(REQUEST_VISIBILITIES)),
    priority: z.optional(z.enum(REQUEST_PRIORITIES)),
    requesterId: described(z.optional(recordIdParam), 'Staff only: the customer the request is for.'),
  }),
);

export const requestActionBodySchema = named(
  'RequestActionBody',
  z.strictObject({
    action: z.enum(REQUEST_ACTIONS),
    comment: described(
      z.optional(multiLineText({ max: REQUEST_TEXT_MAX })),
      'A public comment sent with the action (an answer, why it is reopened).',
    ),
  }),
);

export const updateRequestBodySchema = named(
  'UpdateRequestBody',
  z.strictObject({
    assigneeId: z.optional(z.nullable(recordIdParam)),
    dueAt: z.optional(z.nullable(requestDate)),
    dueSource: z.optional(z.enum(REQUEST_DUE_SOURCES)),
    nextCheckIn: z.optional(z.nullable(requestDate)),
    priority: z.optional(z.enum(REQUEST_PRIORITIES)),
    visibility: z.optional(z.enum(REQUEST_VISIBILITIES)),
  }),
);

export const requestCommentBodySchema = named(
  'RequestCommentBody',
  z.strictObject({
    body: multiLineText({ min: 1, max: REQUEST_TEXT_MAX, trim: true }),
    internal: described(z.optional(z.boolean()), 'Staff only: a note the customer never sees.'),
  }),
);

export const requestParticipantBodySchema = named(
  'RequestParticipantBody',
  z.strictObject({ userId: recordIdParam, remove: z.optional(z.boolean()) }),
);

export const requestSettingsBodySchema = named(
  'RequestSettingsBody',
  z.strictObject({ defaultVisibility: z.enum(REQUEST_VISIBILITIES) }),
);

export const ifMatchHeaders = z.object({
  'if-match': described(
    patternedText({
      min: 1,
      max: 20,
      pattern: { regex: /^(W\/)?"?[1-9][0-9]{0,8}"?$/, message: 'Expected the request’s version, e.g. "3".' },
    }),
    'The version the change was made on (the request’s `version`); a stale one is answered 412.',
  ),
});

export const requestKeyParamsSchema = z.object({ key: requestKeyParam });
export const requestAttachmentParamsSchema = z.object({ key: requestKeyParam, attachmentId: recordIdParam });

export const requestHistorySchema = named(
  'RequestHistory',
  z.object({
    events: described(z.array(eventEntry), 'Every change, oldest first; internal ones for staff only.'),
  }),
);

export const attachmentUploadSchema = named(
  'RequestAttachmentUpload',
  z.object({ attachments: z.array(requestAttachmentSchema) }),
);

export const attachmentLinkSchema = named(
  'RequestAttachmentLink',
  z.object({
    url: described(linkUrl, 'Short-lived signed link, only with the session that asked for it.'),
    expiresAt: isoDateTime,
    previewUrl: described(z.nullable(linkUrl), 'The same file served inline (images and PDF), or null.'),
  }),
);

export const requestSettingsSchema = named(
  'RequestSettings',
  z.object({ defaultVisibility: z.enum(REQUEST_VISIBILITIES) }),
);

export type RequestSummary = z.infer<typeof requestSummarySchema>;
export type RequestList = z.infer<typeof requestListSchema>;
export type RequestDetail = z.infer<typeof requestDetailSchema>;
export type RequestMeta = z.infer<typeof requestMetaSchema>;
export type RequestTimelineEntry = z.infer<typeof requestTimelineEntrySchema>;
export type RequestAttachment = z.infer<typeof requestAttachmentSchema>;
export type RequestType = z.infer<typeof requestTypeSchema>;
export type RequestPerson = z.infer<typeof personSchema>;
export type RequestLabel = (typeof REQUEST_LABELS)[number];
export type RequestStatusName = (typeof REQUEST_STATUSES)[number];
export type RequestActionName = (typeof REQUEST_ACTIONS)[number];
export type RequestDueState = (typeof REQUEST_DUE_STATES)[number];
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;
export type UpdateRequestBody = z.infer<typeof updateRequestBodySchema>;
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;
export type StaffQueueQuery = z.infer<typeof staffQueueQuerySchema>;
export type StaffQueueOptions = z.infer<typeof staffQueueOptionsSchema>;
