import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AiToolScopesTable, AiUsageBreakdown, AiUsageBreakdownRow } from '../../store/schema.js';
import { ConnectorError } from '../http.js';

// The one daily shape the three tools are normalised into (research §2.5), before it is stored in
// ai_usage_daily: the tool's aggregate row ('*') with its breakdowns, a row per user (a hashed
// login or e-mail), and the vendor's own answer for the day (ai_usage_raw). A surface the tool does
// not report is null, never 0.

export type AiTool = AiToolScopesTable['tool'];
export type ScopeKind = AiToolScopesTable['scope_kind'];

export interface UsageCounters {
  active_users: number;
  suggestions: number | null;
  acceptances: number | null;
  lines_suggested: number | null;
  lines_accepted: number | null;
  chat_requests: number | null;
  agent_requests: number | null;
  cli_requests: number | null;
}

export interface DayUsage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  aggregate: UsageCounters;
  breakdown: AiUsageBreakdown;
  /** By hashed user key. */
  users: Map<string, UsageCounters>;
  /** What the vendor answered for the day, by report name. */
  raw: Map<string, unknown>;
}

/** What the sync needs of one ai_tool_scopes row. */
export interface ToolScope {
  companyId: string;
  projectId: string;
  tool: AiTool;
  kind: ScopeKind;
  name: string;
}

export const emptyCounters = (): UsageCounters => ({
  active_users: 0,
  suggestions: null,
  acceptances: null,
  lines_suggested: null,
  lines_accepted: null,
  chat_requests: null,
  agent_requests: null,
  cli_requests: null,
});

export function emptyDay(day: string): DayUsage {
  return { day, aggregate: emptyCounters(), breakdown: {}, users: new Map(), raw: new Map() };
}

/** Adds `value` to a counter: null + nothing stays null (not reported); a reported 0 makes it 0. */
export const plus = (total: number | null, value: number | null | undefined): number | null =>
  value === null || value === undefined ? total : (total ?? 0) + value;

/**
 * A vendor's counter: a non-negative number, or a string of one (Windsurf sends every number as a
 * string). Anything else is a malformed answer, not a 0.
 */
export const vendorCount = z
  .union([z.number(), z.string().regex(/^\s*\d+(\.\d+)?\s*$/, 'is not a number')])
  .transform((value) => Number(value))
  .pipe(z.number().finite().nonnegative());

/** Tools name users by login or e-mail; the store keeps only a hash (as the demo data does). */
export function userKey(login: string): string {
  return createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 16);
}

// ── Days ────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
export const dayOf = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);
export const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number): string => dayOf(dayMs(day) + days * DAY_MS);
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A vendor's day: "2026-06-01", "2026-06-01T00:00:00Z" or epoch milliseconds (as a number or string). */
export function vendorDay(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return dayOf(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{10,14}$/.test(text)) return dayOf(Number(text));
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(text);
  return match && Number.isFinite(dayMs(match[1] as string)) ? (match[1] as string) : null;
}

// ── Breakdowns ──────────────────────────────────────────────────────────────────────────────

/** Sums breakdown entries by name (most accepted first), in the shape ai_usage_daily.breakdown keeps. */
export class BreakdownSum {
  private readonly rows = new Map<string, AiUsageBreakdownRow>();
  add(name: string | null | undefined, suggestions: number | null, acceptances: number, lines: number): void {
    if (!name) return;
    const row = this.rows.get(name) ?? { name, suggestions: null, acceptances: 0, linesAccepted: 0 };
    row.suggestions = plus(row.suggestions, suggestions);
    row.acceptances += acceptances;
    row.linesAccepted += lines;
    this.rows.set(name, row);
  }
  get size(): number {
    return this.rows.size;
  }
  list(): AiUsageBreakdownRow[] {
    return [...this.rows.values()].sort(
      (a, b) => b.acceptances - a.acceptances || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  }
}

/**
 * Checks a vendor's answer (kept as received, for ai_usage_raw) against `schema`; a mismatch is a
 * malformed answer, named by where it is wrong.
 */
export function parseAnswer<T>(vendor: string, what: string, schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the body';
  throw new ConnectorError(
    vendor,
    'malformed',
    `${what} answered a body of an unexpected shape (${where}: ${issue?.message ?? 'invalid'})`,
  );
}

/** Fields that name a person in a vendor's answer: replaced by their hash before the answer is kept. */
const IDENTITY_FIELDS = new Set([
  'user_login',
  'login',
  'email',
  'userEmail',
  'name',
  'apiKey',
  'api_key',
  'user_id',
  'userId',
]);

/**
 * A vendor's answer as kept in ai_usage_raw: as received, except that logins, e-mails and API keys
 * become the same hashes the per-user rows use (the store keeps no one's login).
 */
export function pseudonymised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pseudonymised);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      IDENTITY_FIELDS.has(key) && (typeof v === 'string' || typeof v === 'number') && v !== ''
        ? userKey(String(v))
        : pseudonymised(v),
    ]),
  );
}
