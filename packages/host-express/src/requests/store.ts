import { randomBytes } from 'node:crypto';
import {
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type Selectable,
  type Updateable,
} from 'kysely';
import type {
  Database,
  RequestEventKind,
  RequestPriority,
  RequestStatus,
  RequestVisibility,
} from '../store/schema.js';
import { type DueState, dueState } from './due.js';
import {
  type Actor,
  availableActions,
  type CustomerLabel,
  customerLabel,
  decideTransition,
  isFinal,
  type RequestAction,
  type Standing,
} from './status.js';
import { cleanText } from './text.js';
import {
  DEFAULT_REQUEST_TYPES,
  type FieldValues,
  findRequestType,
  isCalendarDay,
  type RequestTypeSpec,
  validateFields,
} from './types.js';

// The requests' store: every function takes a Kysely database or transaction and the actor, and
// applies the tenancy and visibility rules itself, so no caller can forget them.
//
// - Tenancy: a customer sees only their company; staff only the company they act for (the queue
//   apart); an unknown id and an id the actor may not see are the same RequestNotFoundError.
// - Visibility: a member sees the requests they filed, those they take part in and company-visible
//   ones; the company admin and staff acting for the company see all of the company's.
// - Every change of a request writes a request_events row in the same transaction, naming the
//   actor and, for staff, the company they act for ("X for Y"). Changes of the row's own fields
//   bump its version and must name the version they were made on (If-Match): a stale one is a
//   RequestConflictError. Comments and participants are rows of their own and need no version.
// - Customers never receive internal comments, internal events or the internal status (they get
//   the five plain labels).

type Db = Kysely<Database>;

export const MAX_TITLE = 200;
export const MAX_TEXT = 20_000;
export const MAX_PAGE = 100;

/** An unknown request, or one the actor may not see: indistinguishable on purpose (a 404). */
export class RequestNotFoundError extends Error {
  constructor() {
    super('The request was not found.');
    this.name = 'RequestNotFoundError';
  }
}

/** The version named is not the request's current one: someone changed it meanwhile (a 412). */
export class RequestConflictError extends Error {
  constructor(readonly currentVersion: number) {
    super('The request was changed by someone else; reload it and try again.');
    this.name = 'RequestConflictError';
  }
}

/** The actor may not do this, or not now (a 403 or 409, by `code`). */
export class RequestRefusedError extends Error {
  constructor(
    readonly code: 'forbidden' | 'invalid_status' | 'reopen_window_passed',
    message: string,
  ) {
    super(message);
    this.name = 'RequestRefusedError';
  }
}

/** Input that breaks a rule (a 400); `errors` are plain-English sentences. */
export class RequestInputError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join(' '));
    this.name = 'RequestInputError';
  }
}

export interface StoreOptions {
  /** The clock (tests pass their own). */
  now?: Date;
  /** The configured request types (DEFAULT_REQUEST_TYPES without). */
  types?: readonly RequestTypeSpec[];
}

export interface RequestView {
  id: string;
  key: string;
  companyId: string;
  type: string;
  title: string;
  description: string;
  fields: FieldValues;
  subscriptionId: string | null;
  projectId: string | null;
  linkedRequestId: string | null;
  requesterId: string;
  createdBy: string | null;
  assigneeId: string | null;
  priority: RequestPriority;
  /** The internal status: staff (and the host) only. */
  status?: RequestStatus;
  /** The customer's plain label. */
  label: CustomerLabel;
  dueAt: Date | null;
  dueSource: 'contract' | 'check_in' | 'agreed' | null;
  dueState: DueState | null;
  nextCheckIn: string | null;
  waitingOn: 'provider' | 'customer';
  visibility: RequestVisibility;
  waitingSince: Date;
  resolvedAt: Date | null;
  closedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** The status actions open to the actor now. */
  actions: RequestAction[];
}

export interface CommentView {
  id: string;
  requestId: string;
  authorId: string;
  onBehalfOf: string | null;
  body: string;
  internal: boolean;
  createdAt: Date;
}

export interface EventView {
  id: number;
  requestId: string;
  actorId: string;
  onBehalfOfCompany: string | null;
  kind: RequestEventKind;
  before: unknown;
  after: unknown;
  internal: boolean;
  at: Date;
}

export interface Page<T> {
  items: T[];
  /** The offset of the next page, or null on the last. */
  nextOffset: number | null;
}

export interface PageRequest {
  /** 1–100, default 25. */
  limit?: number;
  offset?: number;
}

type RequestRow = Selectable<Database['requests']>;

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

/** Runs `body` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Db, body: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? body(db) : db.transaction().execute(body);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

function actorId(actor: Actor): string {
  return actor.kind === 'host' ? 'host' : actor.userId;
}

/** Staff write "X for Y": Y. */
export function onBehalfOf(actor: Actor): string | null {
  return actor.kind === 'staff' ? actor.actingFor : null;
}

function page(request: PageRequest | undefined): { limit: number; offset: number } {
  const limit = Math.min(Math.max(Math.trunc(request?.limit ?? 25), 1), MAX_PAGE);
  const offset = Math.max(Math.trunc(request?.offset ?? 0), 0);
  return { limit, offset };
}

function text(value: unknown, label: string, min: number, max: number, multiLine = false): string {
  const checked = cleanText(value, { label, min, max, multiLine });
  if (!checked.ok) throw new RequestInputError([checked.error]);
  return checked.value;
}

const PRIORITIES: readonly RequestPriority[] = ['low', 'normal', 'high', 'urgent'];
const VISIBILITIES: readonly RequestVisibility[] = ['participants', 'company'];

function oneOf<T extends string>(value: unknown, allowed: readonly T[], message: string): T {
  if (!allowed.includes(value as T)) throw new RequestInputError([message]);
  return value as T;
}

/**
 * A company's key prefix from its name: the first word's ASCII letters and digits, upper-case, at
 * most 6 ("Acme Corporation" → "ACME", "Ünïcorn GmbH" → "UNICOR"); "REQ" when nothing usable is left.
 */
export function keyPrefixFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9\s]/g, '')
    .toUpperCase()
    .split(/\s+/)
    .filter(Boolean);
  const first = (words[0] ?? '').replace(/^[0-9]+/, '');
  const prefix = first.length >= 2 ? first : words.join('').replace(/^[0-9]+/, '');
  return prefix.length >= 2 ? prefix.slice(0, 6) : 'REQ';
}

/** The company whose requests a person acts on: a customer's own, staff's acted-for. */
function companyOf(actor: Actor): string | null {
  if (actor.kind === 'customer') return actor.companyId;
  if (actor.kind === 'staff') return actor.actingFor;
  return actor.companyId;
}

/** Whether `userId` takes part in the request: its requester or a named participant. */
const participates = (eb: ExpressionBuilder<Database, 'requests'>, userId: string) =>
  eb.or([
    eb('requests.requester_id', '=', userId),
    eb.exists(
      eb
        .selectFrom('request_participants')
        .select('request_participants.user_id')
        .whereRef('request_participants.company_id', '=', 'requests.company_id')
        .whereRef('request_participants.request_id', '=', 'requests.id')
        .where('request_participants.user_id', '=', userId),
    ),
  ]);

/**
 * The requests `actor` may see, as a WHERE clause on `requests`: the host every one; staff those of
 * the company they act for; a customer their company's, and a member only those they take part in
 * or that are company-visible. Applied in the query itself, so an unknown request and one the actor
 * may not see cost the same: the same statement, answering no row.
 */
function visibleTo(eb: ExpressionBuilder<Database, 'requests'>, actor: Actor) {
  switch (actor.kind) {
    case 'host':
      return eb('requests.company_id', '=', actor.companyId);
    case 'staff':
      return actor.actingFor === null ? eb.lit(false) : eb('requests.company_id', '=', actor.actingFor);
    case 'customer': {
      const company = eb('requests.company_id', '=', actor.companyId);
      if (actor.admin) return company;
      return eb.and([
        company,
        eb.or([participates(eb, actor.userId), eb('requests.visibility', '=', 'company')]),
      ]);
    }
  }
}

/** Whether the customer takes part in the request, read with it (always false for anyone else). */
const isPartyColumn = (eb: ExpressionBuilder<Database, 'requests'>, actor: Actor) =>
  (actor.kind === 'customer' ? participates(eb, actor.userId) : eb.lit(false)).as('is_party');

/** How `actor` stands to a request it may see (visibleTo), knowing whether it takes part in it. */
function standingOf(actor: Actor, isParty: boolean): Standing {
  if (actor.kind === 'host') return 'host';
  if (actor.kind === 'staff') return 'staff';
  return actor.admin ? 'admin' : isParty ? 'party' : 'viewer';
}

/**
 * The request and the actor's standing, or RequestNotFoundError; locked for update when asked.
 * One query, whether the request is unknown, not the actor's to see or seen.
 */
async function load(
  db: Db,
  actor: Actor,
  id: string,
  forUpdate = false,
): Promise<{ row: RequestRow; standing: Standing }> {
  if (typeof id !== 'string' || id.length > 64) throw new RequestNotFoundError();
  let query = db
    .selectFrom('requests')
    .selectAll()
    .select((eb) => isPartyColumn(eb, actor))
    .where('id', '=', id)
    .where((eb) => visibleTo(eb, actor));
  if (forUpdate) query = query.forUpdate();
  const found = await query.executeTakeFirst();
  if (!found) throw new RequestNotFoundError();
  const { is_party, ...row } = found;
  return { row, standing: standingOf(actor, Boolean(is_party)) };
}

function toView(row: RequestRow, standing: Standing, now: Date): RequestView {
  const staffSide = standing === 'staff' || standing === 'host';
  return {
    id: row.id,
    key: row.key,
    companyId: row.company_id,
    type: row.type,
    title: row.title,
    description: row.description,
    fields: row.fields,
    subscriptionId: row.subscription_id,
    projectId: row.project_id,
    linkedRequestId: row.linked_request_id,
    requesterId: row.requester_id,
    createdBy: row.created_by,
    assigneeId: row.assignee_id,
    priority: row.priority,
    ...(staffSide ? { status: row.status } : {}),
    label: customerLabel(row.status),
    dueAt: row.due_at,
    dueSource: row.due_source,
    dueState:
      isFinal(row.status) || row.status === 'resolved' ? null : dueState(row.due_at, row.created_at, now),
    nextCheckIn: row.next_check_in,
    waitingOn: row.waiting_on,
    visibility: row.visibility,
    waitingSince: row.waiting_since,
    resolvedAt: row.resolved_at,
    closedAt: row.closed_at,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    actions: availableActions(standing, { status: row.status, resolvedAt: row.resolved_at }, now),
  };
}

/**
 * Writes one request event: who (a user, or 'host'), for which company staff act, what, before and
 * after. Every writer of the history goes through it (the store's changes, the schedule, files).
 *
 * The request's row is locked first (until the transaction ends): a request's events are written
 * one transaction at a time, so their ids grow in the order they become visible and an event's
 * ordinal in its request, which the timeline gives as its id (event-text.ts), never changes. A
 * writer that locks the row itself (load(…, true)) does so before anything else it writes.
 */
export async function writeEvent(
  db: Db,
  actor: Actor,
  row: { id: string; company_id: string },
  kind: RequestEventKind,
  before: unknown,
  after: unknown,
  now: Date,
  internal = false,
): Promise<void> {
  await db
    .selectFrom('requests')
    .select('id')
    .where('id', '=', row.id)
    .where('company_id', '=', row.company_id)
    .forNoKeyUpdate()
    .execute();
  await db
    .insertInto('request_events')
    .values({
      request_id: row.id,
      company_id: row.company_id,
      actor_id: actorId(actor),
      on_behalf_of_company: onBehalfOf(actor),
      kind,
      before: before === undefined ? null : JSON.stringify(before),
      after: after === undefined ? null : JSON.stringify(after),
      internal,
      at: now,
    })
    .execute();
}

/** A customer user of the company who may use the portal, or null. */
async function customerOf(db: Db, companyId: string, userId: unknown) {
  if (typeof userId !== 'string' || userId.length > 128) return null;
  return (
    (await db
      .selectFrom('users')
      .select(['id'])
      .where('id', '=', userId)
      .where('role', '=', 'customer')
      .where('company_id', '=', companyId)
      .where('disabled_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

// ── Settings ─────────────────────────────────────────────────────────────────────────────────

/**
 * Takes the company's next request number and key, creating its settings (prefix from the name)
 * on first use. One upsert: concurrent creates queue on the settings row, so no number is given
 * twice, and a rolled-back create gives its number back.
 */
async function allocateKey(
  db: Db,
  companyId: string,
): Promise<{ number: number; key: string; defaultVisibility: RequestVisibility }> {
  const company = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw new RequestNotFoundError();
  const row = await db
    .insertInto('company_request_settings')
    .values({ company_id: companyId, key_prefix: keyPrefixFromName(company.name), next_number: 2 })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        next_number: sql`company_request_settings.next_number + 1`,
        updated_at: sql`now()`,
      }),
    )
    .returning(['key_prefix', 'default_visibility', sql<number>`next_number - 1`.as('number')])
    .executeTakeFirstOrThrow();
  return {
    number: row.number,
    key: `${row.key_prefix}-${row.number}`,
    defaultVisibility: row.default_visibility,
  };
}

/** Sets the visibility new requests of the company get: the company admin, or staff acting for it. */
export async function setDefaultVisibility(
  db: Db,
  actor: Actor,
  visibility: RequestVisibility,
): Promise<void> {
  const companyId = companyOf(actor);
  if (!companyId || actor.kind === 'host' || (actor.kind === 'customer' && !actor.admin)) {
    throw new RequestRefusedError('forbidden', 'Only the company admin can set the default visibility.');
  }
  const value = oneOf(visibility, VISIBILITIES, 'The visibility must be participants or company.');
  await inTransaction(db, async (trx) => {
    const company = await trx
      .selectFrom('companies')
      .select('name')
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!company) throw new RequestNotFoundError();
    await trx
      .insertInto('company_request_settings')
      .values({
        company_id: companyId,
        key_prefix: keyPrefixFromName(company.name),
        default_visibility: value,
      })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({ default_visibility: value, updated_at: sql`now()` }),
      )
      .execute();
  });
}

// ── Create and read ──────────────────────────────────────────────────────────────────────────

export interface NewRequest {
  type: string;
  title: string;
  description?: string;
  fields?: unknown;
  subscriptionId?: string | null;
  projectId?: string | null;
  linkedRequestId?: string | null;
  /** Staff and the host: the customer the request is for (a customer always files for themself). */
  requesterId?: string;
  priority?: RequestPriority;
  /** Default: the company's default visibility. */
  visibility?: RequestVisibility;
}

/**
 * Files a request: checks the input against its type, allocates the company's next key and writes
 * the request and its 'created' event in one transaction.
 */
export async function createRequest(
  db: Db,
  actor: Actor,
  input: NewRequest,
  options: StoreOptions = {},
): Promise<RequestView> {
  const now = options.now ?? new Date();
  const companyId = companyOf(actor);
  if (!companyId) {
    throw new RequestRefusedError('forbidden', 'Staff must act for a company to file a request for it.');
  }
  const type = findRequestType(options.types ?? DEFAULT_REQUEST_TYPES, input.type);
  if (!type) throw new RequestInputError(['The request type is not one of the configured types.']);
  if (type.hostOnly && actor.kind !== 'host') {
    throw new RequestInputError([`A ${type.label.toLowerCase()} is opened by the portal itself.`]);
  }
  const errors: string[] = [];
  const title = cleanText(input.title, { label: 'The title', min: 1, max: MAX_TITLE });
  if (!title.ok) errors.push(title.error);
  const description = cleanText(input.description ?? '', {
    label: 'The description',
    min: 0,
    max: MAX_TEXT,
    multiLine: true,
  });
  if (!description.ok) errors.push(description.error);
  const fields = validateFields(type, input.fields);
  if (!fields.ok) errors.push(...fields.errors);
  if (input.priority !== undefined && !PRIORITIES.includes(input.priority)) {
    errors.push('The priority must be low, normal, high or urgent.');
  }
  if (input.visibility !== undefined && !VISIBILITIES.includes(input.visibility)) {
    errors.push('The visibility must be participants or company.');
  }
  if (type.requiresProject && !input.projectId)
    errors.push(`A ${type.label.toLowerCase()} must name a project.`);
  if (type.requiresSubscription && !input.subscriptionId) {
    errors.push(`A ${type.label.toLowerCase()} must name a subscription.`);
  }
  if (errors.length || !title.ok || !description.ok || !fields.ok) throw new RequestInputError(errors);

  return inTransaction(db, async (trx) => {
    const requesterId = actor.kind === 'customer' ? actor.userId : input.requesterId;
    if (!(await customerOf(trx, companyId, requesterId))) {
      throw new RequestInputError(['The requester must be a customer user of the company.']);
    }
    // Another company's subscription, project or request is reported like an unknown one.
    if (input.subscriptionId) {
      const deal = await trx
        .selectFrom('deals')
        .select('id')
        .where('id', '=', input.subscriptionId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!deal) throw new RequestInputError(['The subscription was not found.']);
    }
    if (input.projectId) {
      const project = await trx
        .selectFrom('projects')
        .select('id')
        .where('id', '=', input.projectId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!project) throw new RequestInputError(['The project was not found.']);
    }
    if (input.linkedRequestId) {
      // Only a request the actor may see, of the same company.
      const linked = await load(trx, actor, input.linkedRequestId).catch((error: unknown) => {
        if (error instanceof RequestNotFoundError) return null;
        throw error;
      });
      if (linked?.row.company_id !== companyId)
        throw new RequestInputError(['The linked request was not found.']);
    }
    const { number, key, defaultVisibility } = await allocateKey(trx, companyId);
    const row = await trx
      .insertInto('requests')
      .values({
        id: newId('req'),
        company_id: companyId,
        number,
        key,
        type: type.id,
        title: title.value,
        description: description.value,
        fields: JSON.stringify(fields.value),
        subscription_id: input.subscriptionId ?? null,
        project_id: input.projectId ?? null,
        linked_request_id: input.linkedRequestId ?? null,
        requester_id: requesterId as string,
        created_by: actor.kind === 'host' ? null : actor.userId,
        priority: input.priority ?? 'normal',
        visibility: input.visibility ?? defaultVisibility,
        waiting_since: now,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeEvent(
      trx,
      actor,
      row,
      'created',
      null,
      { key, type: type.id, status: row.status, priority: row.priority, visibility: row.visibility },
      now,
    );
    // A customer files their own requests; staff file for someone else, or for themselves.
    const filer = actor.kind === 'host' ? null : actor.userId;
    return toView(row, standingOf(actor, row.requester_id === filer), now);
  });
}

/** One request as `actor` may see it, or RequestNotFoundError. */
export async function getRequest(
  db: Db,
  actor: Actor,
  id: string,
  options: StoreOptions = {},
): Promise<RequestView> {
  const { row, standing } = await load(db, actor, id);
  return toView(row, standing, options.now ?? new Date());
}

export interface RequestFilters {
  status?: RequestStatus[];
  type?: string;
  dueState?: DueState;
  /** A customer's list: the requests they take part in ('mine', the default) or all they may see. */
  scope?: 'mine' | 'company';
  assigneeId?: string | 'unassigned';
  /** The staff queue only. */
  companyId?: string;
  /** A key ("ACME-42", any case), a number ("42") or words that must all be in the title. */
  q?: string;
  subscriptionId?: string;
  projectId?: string;
  /**
   * Talent requests concerning this engineer: talent requests of a project the talent is (or was)
   * assigned to at the request's company (talent_assignments, Active or Past), or whose fields
   * name the talent (`talent_id`).
   */
  talentId?: string;
}

const KEY_QUERY = /^[A-Z][A-Z0-9]{1,9}-[1-9][0-9]{0,8}$/;
/** At most this many words of a search are matched (the rest are ignored). */
const MAX_SEARCH_WORDS = 8;

/** `text` as a LIKE pattern that matches it literally anywhere (backslash is the escape). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The due-state filter in SQL, the same rule as due.ts's dueState. */
function whereDueState<O>(
  query: SelectQueryBuilder<Database, 'requests', O>,
  state: DueState,
  now: Date,
): SelectQueryBuilder<Database, 'requests', O> {
  const atRisk = sql<boolean>`(requests.due_at <= requests.created_at
    or ${now}::timestamptz - requests.created_at >= 0.75 * (requests.due_at - requests.created_at))`;
  const open = query
    .where('status', 'not in', ['resolved', 'closed', 'cancelled'])
    .where('due_at', 'is not', null);
  if (state === 'overdue') return open.where('due_at', '<', now);
  if (state === 'at_risk') return open.where('due_at', '>=', now).where(atRisk);
  return open.where('due_at', '>=', now).where(sql<boolean>`not ${atRisk}`);
}

function applyFilters<O>(
  query: SelectQueryBuilder<Database, 'requests', O>,
  filters: RequestFilters,
  now: Date,
): SelectQueryBuilder<Database, 'requests', O> {
  let q = query;
  if (filters.status?.length) q = q.where('status', 'in', filters.status);
  if (filters.type) q = q.where('type', '=', filters.type);
  if (filters.assigneeId === 'unassigned') q = q.where('assignee_id', 'is', null);
  else if (filters.assigneeId) q = q.where('assignee_id', '=', filters.assigneeId);
  if (filters.dueState) q = whereDueState(q, filters.dueState, now);
  if (filters.subscriptionId) q = q.where('requests.subscription_id', '=', filters.subscriptionId);
  if (filters.projectId) q = q.where('requests.project_id', '=', filters.projectId);
  if (filters.talentId) {
    const talentId = filters.talentId;
    q = q
      .where('requests.type', '=', 'talent_request')
      .where((eb) =>
        eb.or([
          eb(
            'requests.project_id',
            'in',
            eb
              .selectFrom('talent_assignments as ta')
              .select('ta.project_id')
              .where('ta.talent_id', '=', talentId)
              .whereRef('ta.company_id', '=', 'requests.company_id')
              .where('ta.status', 'in', ['Active', 'Past']),
          ),
          sql<boolean>`requests.fields ->> 'talent_id' = ${talentId}`,
        ]),
      );
  }
  const search = filters.q?.trim();
  if (search) {
    const words = search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    const key = search.toUpperCase();
    q = q.where((eb) => {
      const title = eb.and(words.map((word) => eb('requests.title', 'ilike', containsPattern(word))));
      if (KEY_QUERY.test(key)) return eb.or([eb('requests.key', '=', key), title]);
      if (/^[1-9][0-9]{0,8}$/.test(search)) return eb.or([eb('requests.number', '=', Number(search)), title]);
      return title;
    });
  }
  return q;
}

/** The requests of the actor's company it may see, filtered, sorted as the list shows them. */
function visibleRequests(db: Db, actor: Actor, companyId: string, filters: RequestFilters, now: Date) {
  let query = applyFilters(
    db.selectFrom('requests').selectAll().where('company_id', '=', companyId),
    filters,
    now,
  );
  if (actor.kind === 'customer') {
    if (filters.scope === 'company') {
      if (!actor.admin) {
        query = query.where((eb) =>
          eb.or([participates(eb, actor.userId), eb('visibility', '=', 'company')]),
        );
      }
    } else {
      query = query.where((eb) => participates(eb, actor.userId));
    }
  } else if (actor.kind === 'staff' && filters.scope === 'mine') {
    query = query.where((eb) =>
      eb.or([eb('created_by', '=', actor.userId), eb('assignee_id', '=', actor.userId)]),
    );
  }
  // Whether the customer takes part is read with the rows, so a page is one query.
  const userId = actor.kind === 'customer' ? actor.userId : '';
  return query
    .select((eb) => participates(eb, userId).as('is_party'))
    .orderBy(sql`due_at asc nulls last`)
    .orderBy('created_at', 'desc')
    .orderBy('id');
}

function visibleView(actor: Actor, now: Date) {
  return ({ is_party, ...row }: RequestRow & { is_party: unknown }): RequestView => {
    const standing: Standing =
      actor.kind !== 'customer' ? 'staff' : actor.admin ? 'admin' : is_party ? 'party' : 'viewer';
    return toView(row, standing, now);
  };
}

/**
 * The requests of the actor's company that it may see, filtered, by due date (none last), then
 * newest first. Staff see all of the company they act for; 'mine' narrows to what they filed.
 */
export async function listRequests(
  db: Db,
  actor: Actor,
  filters: RequestFilters = {},
  paging?: PageRequest,
  options: StoreOptions = {},
): Promise<Page<RequestView>> {
  const now = options.now ?? new Date();
  const companyId = companyOf(actor);
  if (!companyId) return { items: [], nextOffset: null };
  const { limit, offset } = page(paging);
  const rows = await visibleRequests(db, actor, companyId, filters, now)
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const items = rows.slice(0, limit).map(visibleView(actor, now));
  return { items, nextOffset: rows.length > limit ? offset + limit : null };
}

/** The most rows `exportRequests` gives. */
export const MAX_EXPORT_ROWS = 50_000;

/**
 * Every request `listRequests` would page through with the same filters (up to `cap`, at most
 * MAX_EXPORT_ROWS), for an export: the company admin and staff acting for the company only.
 */
export async function exportRequests(
  db: Db,
  actor: Actor,
  filters: RequestFilters = {},
  options: StoreOptions & { cap?: number } = {},
): Promise<RequestView[]> {
  const now = options.now ?? new Date();
  const companyId = companyOf(actor);
  if (!companyId || (actor.kind === 'customer' && !actor.admin)) {
    throw new RequestRefusedError('forbidden', 'Only the company admin and provider staff export requests.');
  }
  const cap = Math.min(Math.max(Math.trunc(options.cap ?? MAX_EXPORT_ROWS), 1), MAX_EXPORT_ROWS);
  const rows = await visibleRequests(db, actor, companyId, filters, now).limit(cap).execute();
  return rows.map(visibleView(actor, now));
}

/**
 * The request with `key` in the actor's company (a customer's own, staff's acted-for) if the actor
 * may see it, else undefined: one query that applies the visibility rule itself, so a key that is
 * unknown and one of a request the actor may not see take the same statement and both answer no
 * row (no existence oracle, in the answer or in its timing).
 */
export async function findRequestByKey(db: Db, actor: Actor, key: string): Promise<RequestRow | undefined> {
  if (!companyOf(actor) || typeof key !== 'string' || !KEY_QUERY.test(key)) return undefined;
  return db
    .selectFrom('requests')
    .selectAll()
    .where('key', '=', key)
    .where((eb) => visibleTo(eb, actor))
    .executeTakeFirst();
}

/**
 * The id of the request with `key` in the actor's company if the actor may see it, else null (the
 * same rule and cost as findRequestByKey). Every read and change checks visibility again by id.
 */
export async function findRequestIdByKey(db: Db, actor: Actor, key: string): Promise<string | null> {
  if (!companyOf(actor) || typeof key !== 'string' || !KEY_QUERY.test(key)) return null;
  const row = await db
    .selectFrom('requests')
    .select('id')
    .where('key', '=', key)
    .where((eb) => visibleTo(eb, actor))
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Staff signed in without acting for a company: open requests across every company (or those of
 * `filters.status`), by due date (none last), then oldest first.
 */
export async function staffQueue(
  db: Db,
  actor: Actor,
  filters: RequestFilters = {},
  paging?: PageRequest,
  options: StoreOptions = {},
): Promise<Page<RequestView>> {
  if (actor.kind !== 'staff') throw new RequestRefusedError('forbidden', 'Only staff have a requests queue.');
  const now = options.now ?? new Date();
  const { limit, offset } = page(paging);
  let query = applyFilters(db.selectFrom('requests').selectAll(), filters, now);
  if (!filters.status?.length) query = query.where('status', 'not in', ['resolved', 'closed', 'cancelled']);
  if (filters.companyId) query = query.where('company_id', '=', filters.companyId);
  const rows = await query
    .orderBy(sql`due_at asc nulls last`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  return {
    items: rows.slice(0, limit).map((row) => toView(row, 'staff', now)),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}

// ── Changes ──────────────────────────────────────────────────────────────────────────────────

export interface ChangeOptions extends StoreOptions {
  /** The version the change was made on (If-Match). */
  expectedVersion: number;
}

function checkVersion(row: { version: number }, expected: number): void {
  if (row.version !== expected) throw new RequestConflictError(row.version);
}

/** Takes a status action (cancel, answer, approve, triage, resolve…) on the request. */
export async function transitionRequest(
  db: Db,
  actor: Actor,
  id: string,
  action: RequestAction,
  options: ChangeOptions,
): Promise<RequestView> {
  const now = options.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const { row, standing } = await load(trx, actor, id, true);
    checkVersion(row, options.expectedVersion);
    const decision = decideTransition(
      standing,
      { status: row.status, resolvedAt: row.resolved_at },
      action,
      now,
    );
    if (!decision.ok) throw new RequestRefusedError(decision.code, decision.reason);
    const { outcome } = decision;
    const updated = await trx
      .updateTable('requests')
      .set({
        status: outcome.status,
        waiting_on: outcome.waitingOn,
        ...(outcome.waitingOn !== row.waiting_on ? { waiting_since: now } : {}),
        ...(outcome.resolvedAt !== undefined ? { resolved_at: outcome.resolvedAt } : {}),
        ...(outcome.closedAt !== undefined ? { closed_at: outcome.closedAt } : {}),
        version: row.version + 1,
        updated_at: now,
      })
      .where('company_id', '=', row.company_id)
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeEvent(
      trx,
      actor,
      row,
      outcome.event,
      { status: row.status },
      { status: outcome.status, action },
      now,
    );
    return toView(updated, standing, now);
  });
}

export interface RequestChanges {
  /** Staff: a staff user, or null to unassign. */
  assigneeId?: string | null;
  /** Staff: the due date and where it came from (both, or both null). */
  due?: { at: Date; source: 'contract' | 'check_in' | 'agreed' } | null;
  /** Staff: 'YYYY-MM-DD' or null. */
  nextCheckIn?: string | null;
  /** Staff. */
  priority?: RequestPriority;
  /** The requester, the company admin or staff. */
  visibility?: RequestVisibility;
}

/** Changes the request's fields, each change an event, with one version bump. */
export async function updateRequest(
  db: Db,
  actor: Actor,
  id: string,
  changes: RequestChanges,
  options: ChangeOptions,
): Promise<RequestView> {
  const now = options.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const { row, standing } = await load(trx, actor, id, true);
    checkVersion(row, options.expectedVersion);
    const staffOnly = ['assigneeId', 'due', 'nextCheckIn', 'priority'] as const;
    if (standing !== 'staff' && staffOnly.some((k) => changes[k] !== undefined)) {
      throw new RequestRefusedError('forbidden', 'Only staff can assign, prioritise or set dates.');
    }
    const isRequester = actor.kind === 'customer' && row.requester_id === actor.userId;
    if (changes.visibility !== undefined && !(standing === 'staff' || standing === 'admin' || isRequester)) {
      throw new RequestRefusedError(
        'forbidden',
        'Only the requester or the company admin can change who sees it.',
      );
    }
    const set: Updateable<Database['requests']> = {};
    const events: [RequestEventKind, unknown, unknown][] = [];
    if (changes.assigneeId !== undefined && changes.assigneeId !== row.assignee_id) {
      if (changes.assigneeId !== null) {
        const staff = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', changes.assigneeId)
          .where('role', '=', 'staff')
          .where('disabled_at', 'is', null)
          .executeTakeFirst();
        if (!staff) throw new RequestInputError(['The assignee must be a staff user.']);
      }
      set.assignee_id = changes.assigneeId;
      events.push(['assigned', { assigneeId: row.assignee_id }, { assigneeId: changes.assigneeId }]);
    }
    if (changes.due !== undefined) {
      const at = changes.due?.at ?? null;
      const source = changes.due?.source ?? null;
      if (at && Number.isNaN(at.getTime()))
        throw new RequestInputError(['The due date is not a valid time.']);
      if (source !== null)
        oneOf(
          source,
          ['contract', 'check_in', 'agreed'],
          'The due date must come from a contract, a check-in or an agreement.',
        );
      if (at?.getTime() !== row.due_at?.getTime() || source !== row.due_source) {
        set.due_at = at;
        set.due_source = source;
        events.push(['due', { dueAt: row.due_at, source: row.due_source }, { dueAt: at, source }]);
      }
    }
    if (changes.nextCheckIn !== undefined && changes.nextCheckIn !== row.next_check_in) {
      if (changes.nextCheckIn !== null && !isCalendarDay(changes.nextCheckIn)) {
        throw new RequestInputError(['The next check-in must be a date from 2000-01-01 to 2099-12-31.']);
      }
      set.next_check_in = changes.nextCheckIn;
      events.push(['check_in', { nextCheckIn: row.next_check_in }, { nextCheckIn: changes.nextCheckIn }]);
    }
    if (changes.priority !== undefined && changes.priority !== row.priority) {
      set.priority = oneOf(changes.priority, PRIORITIES, 'The priority must be low, normal, high or urgent.');
      events.push(['priority', { priority: row.priority }, { priority: changes.priority }]);
    }
    if (changes.visibility !== undefined && changes.visibility !== row.visibility) {
      set.visibility = oneOf(
        changes.visibility,
        VISIBILITIES,
        'The visibility must be participants or company.',
      );
      events.push(['visibility', { visibility: row.visibility }, { visibility: changes.visibility }]);
    }
    if (events.length === 0) return toView(row, standing, now);
    const updated = await trx
      .updateTable('requests')
      .set({ ...set, version: row.version + 1, updated_at: now })
      .where('company_id', '=', row.company_id)
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const [kind, before, after] of events) await writeEvent(trx, actor, row, kind, before, after, now);
    return toView(updated, standing, now);
  });
}

// ── Comments and history ─────────────────────────────────────────────────────────────────────

/** Adds a comment; an internal one (a note for the provider's eyes) only by staff. */
export async function addComment(
  db: Db,
  actor: Actor,
  id: string,
  input: { body: string; internal?: boolean },
  options: StoreOptions = {},
): Promise<CommentView> {
  const now = options.now ?? new Date();
  const body = text(input.body, 'The comment', 1, MAX_TEXT, true);
  return inTransaction(db, async (trx) => {
    // Locked before the comment's row: its event is written under the same lock (writeEvent).
    const { row, standing } = await load(trx, actor, id, true);
    if (actor.kind === 'host') throw new RequestRefusedError('forbidden', 'The host does not comment.');
    const internal = input.internal === true;
    if (internal && standing !== 'staff') {
      throw new RequestRefusedError('forbidden', 'Only staff can write internal notes.');
    }
    const comment = await trx
      .insertInto('request_comments')
      .values({
        id: newId('rqc'),
        request_id: row.id,
        company_id: row.company_id,
        author_id: actor.userId,
        on_behalf_of: onBehalfOf(actor),
        body,
        internal,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeEvent(trx, actor, row, 'comment', null, { commentId: comment.id }, now, internal);
    return commentView(comment);
  });
}

function commentView(row: {
  id: string;
  request_id: string;
  author_id: string;
  on_behalf_of: string | null;
  body: string;
  internal: boolean;
  created_at: Date;
}): CommentView {
  return {
    id: row.id,
    requestId: row.request_id,
    authorId: row.author_id,
    onBehalfOf: row.on_behalf_of,
    body: row.body,
    internal: row.internal,
    createdAt: row.created_at,
  };
}

/** The request's comments, oldest first; a customer never gets internal ones. */
export async function listComments(db: Db, actor: Actor, id: string): Promise<CommentView[]> {
  const { row, standing } = await load(db, actor, id);
  let query = db
    .selectFrom('request_comments')
    .selectAll()
    .where('company_id', '=', row.company_id)
    .where('request_id', '=', row.id);
  if (standing !== 'staff' && standing !== 'host') query = query.where('internal', '=', false);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map(commentView);
}

/** The request's history, oldest first; a customer never gets internal events. */
export async function listEvents(db: Db, actor: Actor, id: string): Promise<EventView[]> {
  const { row, standing } = await load(db, actor, id);
  let query = db
    .selectFrom('request_events')
    .selectAll()
    .where('company_id', '=', row.company_id)
    .where('request_id', '=', row.id);
  if (standing !== 'staff' && standing !== 'host') query = query.where('internal', '=', false);
  const rows = await query.orderBy('id').execute();
  return rows.map(eventViewOf);
}

/** A request_events row as the store's EventView. */
export function eventViewOf(e: Selectable<Database['request_events']>): EventView {
  return {
    id: e.id,
    requestId: e.request_id,
    actorId: e.actor_id,
    onBehalfOfCompany: e.on_behalf_of_company,
    kind: e.kind,
    before: e.before,
    after: e.after,
    internal: e.internal,
    at: e.at,
  };
}

// ── Participants ─────────────────────────────────────────────────────────────────────────────

/** The named participants' user ids (the requester is one without being named). */
export async function listParticipants(db: Db, actor: Actor, id: string): Promise<string[]> {
  const { row } = await load(db, actor, id);
  const rows = await db
    .selectFrom('request_participants')
    .select('user_id')
    .where('company_id', '=', row.company_id)
    .where('request_id', '=', row.id)
    .orderBy('added_at')
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Names a colleague as a participant: by a party, the company admin or staff; only a customer user
 * of the request's company (anyone else is "not a user of the company", whoever they are).
 */
export async function addParticipant(
  db: Db,
  actor: Actor,
  id: string,
  userId: string,
  options: StoreOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await inTransaction(db, async (trx) => {
    const { row, standing } = await load(trx, actor, id, true);
    if (standing === 'viewer' || standing === 'host') {
      throw new RequestRefusedError(
        'forbidden',
        'Only the requester, a participant or the company admin can add people.',
      );
    }
    if (!(await customerOf(trx, row.company_id, userId))) {
      throw new RequestInputError(['The participant must be a user of the request’s company.']);
    }
    if (row.requester_id === userId) return;
    const added = await trx
      .insertInto('request_participants')
      .values({
        request_id: row.id,
        company_id: row.company_id,
        user_id: userId,
        added_by: actorId(actor),
        added_at: now,
      })
      .onConflict((oc) => oc.columns(['company_id', 'request_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (added) await writeEvent(trx, actor, row, 'participant_added', null, { userId }, now);
  });
}

/** Removes a participant: by the requester, the company admin, staff, or the participant themself. */
export async function removeParticipant(
  db: Db,
  actor: Actor,
  id: string,
  userId: string,
  options: StoreOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await inTransaction(db, async (trx) => {
    const { row, standing } = await load(trx, actor, id, true);
    const self = actor.kind === 'customer' && actor.userId === userId;
    const requester = actor.kind === 'customer' && actor.userId === row.requester_id;
    if (!(standing === 'staff' || standing === 'admin' || self || requester)) {
      throw new RequestRefusedError(
        'forbidden',
        'Only the requester or the company admin can remove people.',
      );
    }
    const removed = await trx
      .deleteFrom('request_participants')
      .where('company_id', '=', row.company_id)
      .where('request_id', '=', row.id)
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    if (removed) await writeEvent(trx, actor, row, 'participant_removed', { userId }, null, now);
  });
}
