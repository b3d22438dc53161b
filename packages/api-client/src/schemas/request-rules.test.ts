import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { addDays, MAX_RANGE_DAYS, parseDay } from '../analytics-range.js';
import { createApiClient } from '../client.js';
import { isRequestError } from '../errors.js';
import { ANALYTICS_PROJECTS } from '../mocks/fixtures/analytics.js';
import { COMPANY_ID, CONTACT_ID } from '../mocks/fixtures/company.js';
import { CRM_PROJECTS } from '../mocks/fixtures/crm.js';
import { createPortalFixtures } from '../mocks/fixtures/portal.js';
import { createMockFetch, handlers } from '../mocks/handlers.js';
import type { AnyRoute } from '../route-types.js';
import { type RouteId, routeIds, routes } from '../routes.js';
import {
  INPUT_RULE_MESSAGES,
  MAX_REQUEST_DATE,
  MIN_REQUEST_DATE,
  MULTI_LINE_TEXT_PATTERN,
  multiLineText,
  PROJECT_KEY_PATTERN,
  projectKeyParam,
  RECORD_ID_PATTERN,
  REQUEST_DATE_PATTERN,
  recordIdParam,
  requestDate,
  requestDay,
  SINGLE_LINE_TEXT_PATTERN,
  SLUG_PATTERN,
  singleLineText,
  slugParam,
  textViolation,
} from './request-rules.js';

type Part = 'params' | 'query' | 'body';
type Kind = 'projectKey' | 'recordId' | 'requestKey' | 'slug' | 'date' | 'text' | 'oauth' | 'enum';

/** Every field of every request schema, what rule it follows, and a value it accepts. */
const FIELDS: [RouteId, Part, string, Kind, string][] = [
  ['loginRedirect', 'query', 'returnTo', 'text', '/services/projects?tab=x'],
  ['logoutRedirect', 'query', 'returnTo', 'text', '/'],
  ['signIn', 'body', 'email', 'text', 'maya.okafor@northwind.example'],
  ['signIn', 'body', 'password', 'text', 'correct horse battery staple!'],
  ['signIn', 'body', 'returnTo', 'text', '/home'],
  ['authCallback', 'query', 'code', 'oauth', 'SplxlOBeZQQYbYS6WxSbIA'],
  ['authCallback', 'query', 'state', 'oauth', 'af0ifjsldkj'],
  ['authCallback', 'query', 'error', 'oauth', 'access_denied'],
  ['authCallback', 'query', 'error_description', 'text', 'Der Benutzer hat abgebrochen'],
  ['actAs', 'body', 'companyId', 'recordId', 'acme'],
  ['talentAssociations', 'body', 'contactId', 'recordId', 'acme-c-1'],
  ['projectAnalytics', 'params', 'projectKey', 'projectKey', 'PORTAL'],
  ['projectAnalytics', 'query', 'from', 'date', '2026-01-01'],
  ['projectAnalytics', 'query', 'to', 'date', '2026-03-01'],
  ['githubOrganisations', 'query', 'projectId', 'recordId', 'acme-portal'],
  ['githubRepositories', 'query', 'projectId', 'recordId', '9001'],
  ['dora', 'query', 'projectKey', 'projectKey', 'ROUTE'],
  ['dora', 'query', 'from', 'date', '2025-01-01'],
  ['dora', 'query', 'to', 'date', '2025-12-31'],
  ['dora', 'query', 'grain', 'enum', 'week'],
  ['dora', 'query', 'benchmark', 'enum', 'dora-2021'],
  ['doraEvents', 'params', 'projectKey', 'projectKey', 'PORTAL'],
  ['doraEvents', 'params', 'metric', 'enum', 'changeFailureRate'],
  ['doraEvents', 'query', 'from', 'date', '2025-01-01'],
  ['doraEvents', 'query', 'to', 'date', '2025-03-31'],
  ['doraEvents', 'query', 'list', 'enum', 'incidents'],
  ['doraEvents', 'query', 'page', 'text', '12'],
  ['doraEvents', 'query', 'pageSize', 'text', '100'],
  ['aiUsage', 'query', 'jiraProjectKey', 'projectKey', 'PORTAL'],
  ['aiUsage', 'query', 'from', 'date', '2024-02-29'],
  ['aiUsage', 'query', 'to', 'date', '2024-03-31'],
  ['signedUrl', 'body', 'fileId', 'recordId', 'doc-acme-msa'],
  ['knowledgeBase', 'query', 'category', 'text', 'Getting started'],
  ['knowledgeBaseSearch', 'query', 'q', 'text', 'lead time'],
  ['knowledgeBaseArticle', 'params', 'slug', 'slug', 'understanding-dora-metrics'],
  ...listQueryFields('requests'),
  ['requests', 'query', 'scope', 'enum', 'company'],
  ['requests', 'query', 'subscriptionId', 'recordId', '120001'],
  ['requests', 'query', 'projectId', 'recordId', '9001'],
  ['requests', 'query', 'talentId', 'recordId', 'talent-42'],
  ...listQueryFields('requestsExport'),
  ['requestsExport', 'query', 'scope', 'enum', 'company'],
  ['requestsExport', 'query', 'subscriptionId', 'recordId', '120001'],
  ['requestsExport', 'query', 'projectId', 'recordId', '9001'],
  ['requestsExport', 'query', 'talentId', 'recordId', 'talent-42'],
  ...listQueryFields('staffRequestQueue'),
  ['staffRequestQueue', 'query', 'companyId', 'recordId', 'acme'],
  ['staffRequestQueue', 'query', 'assignee', 'text', 'unassigned'],
  ['createRequest', 'body', 'type', 'text', 'change_of_scope'],
  ['createRequest', 'body', 'title', 'text', 'Add 120 hours for the migration'],
  ['createRequest', 'body', 'description', 'text', 'From April, please.'],
  ['createRequest', 'body', 'subscriptionId', 'recordId', '120001'],
  ['createRequest', 'body', 'projectId', 'recordId', '9001'],
  ['createRequest', 'body', 'linkedRequestKey', 'requestKey', 'ACME-41'],
  ['createRequest', 'body', 'visibility', 'enum', 'company'],
  ['createRequest', 'body', 'priority', 'enum', 'high'],
  ['createRequest', 'body', 'requesterId', 'recordId', 'user_01HZX3K9R2'],
  ['requestSettings', 'body', 'defaultVisibility', 'enum', 'company'],
  ...keyParam('request'),
  ...keyParam('requestAction'),
  ['requestAction', 'body', 'action', 'enum', 'approve'],
  ['requestAction', 'body', 'comment', 'text', 'Approved for April.'],
  ...keyParam('updateRequest'),
  ['updateRequest', 'body', 'assigneeId', 'recordId', 'staff_01J0A1'],
  ['updateRequest', 'body', 'dueAt', 'date', '2026-04-01'],
  ['updateRequest', 'body', 'dueSource', 'enum', 'agreed'],
  ['updateRequest', 'body', 'nextCheckIn', 'date', '2026-05-01'],
  ['updateRequest', 'body', 'priority', 'enum', 'urgent'],
  ['updateRequest', 'body', 'visibility', 'enum', 'participants'],
  ...keyParam('requestComment'),
  ['requestComment', 'body', 'body', 'text', 'Thanks, that works for us.'],
  ...keyParam('requestParticipant'),
  ['requestParticipant', 'body', 'userId', 'recordId', 'user_01HZX3K9S5'],
  ...keyParam('requestHistory'),
  ...keyParam('requestAttachments'),
  ...keyParam('requestAttachmentLink'),
  ['requestAttachmentLink', 'params', 'attachmentId', 'recordId', 'att_1_1'],
  ...keyParam('requestAttachmentSave'),
  ['requestAttachmentSave', 'params', 'attachmentId', 'recordId', 'att_4_1'],
];

/** The list filters every requests list shares. */
function listQueryFields(id: RouteId): [RouteId, Part, string, Kind, string][] {
  return [
    [id, 'query', 'status', 'text', 'submitted,waiting_for_you'],
    [id, 'query', 'type', 'text', 'question'],
    [id, 'query', 'dueState', 'enum', 'at_risk'],
    [id, 'query', 'q', 'text', 'migration'],
    [id, 'query', 'page', 'text', '2'],
    [id, 'query', 'pageSize', 'text', '50'],
  ];
}

function keyParam(id: RouteId): [RouteId, Part, string, Kind, string][] {
  return [[id, 'params', 'key', 'requestKey', 'ACME-42']];
}

/** Fields that are not strings: tested on their own below. */
const STRUCTURED: ReadonlySet<string> = new Set([
  'createRequest.body.fields',
  'requestComment.body.internal',
  'requestParticipant.body.remove',
]);

/** Fields that may be null (a link or a date removed). */
const NULLABLE: ReadonlySet<string> = new Set([
  'createRequest.body.subscriptionId',
  'createRequest.body.projectId',
  'createRequest.body.linkedRequestKey',
  'updateRequest.body.assigneeId',
  'updateRequest.body.dueAt',
  'updateRequest.body.nextCheckIn',
]);

/** Free text that may span lines (tab, LF, CR allowed), up to 20,000 characters. */
const MULTI_LINE: ReadonlySet<string> = new Set([
  'createRequest.body.description',
  'requestAction.body.comment',
  'requestComment.body.body',
]);

/** Bodies accepted for compatibility and ignored: nothing in them is read or stored. */
const IGNORED_BODIES: ReadonlySet<RouteId> = new Set(['profile', 'crm', 'signOut']);

/** Ingest batches: one field, `events`, whose events' fields are tested in ./ingest.test.ts. */
const BATCH_BODIES: ReadonlySet<RouteId> = new Set([
  'ingestDeployments',
  'ingestChanges',
  'ingestIncidents',
  'ingestPushes',
]);

const schemaOf = (id: RouteId, part: Part) => (routes[id] as AnyRoute)[part] as z.ZodMiniObject | undefined;

/** A valid request part: every field of the table at its accepted value. */
function validPart(id: RouteId, part: Part): Record<string, unknown> {
  return Object.fromEntries(FIELDS.filter(([r, p]) => r === id && p === part).map(([, , f, , v]) => [f, v]));
}

function issuesOf(id: RouteId, part: Part, input: unknown) {
  const result = schemaOf(id, part)!.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Refused, with an issue on `field` (and, when given, that issue's message). */
function expectRefused(id: RouteId, part: Part, field: string, value: unknown, message?: string) {
  const issues = issuesOf(id, part, { ...validPart(id, part), [field]: value });
  const label = `${id}.${part}.${field} = ${JSON.stringify(value)?.slice(0, 60)}`;
  expect(issues.length, `${label} was accepted`).toBeGreaterThan(0);
  expect(
    issues.some((i) => i.path === field),
    `${label}: ${JSON.stringify(issues)}`,
  ).toBe(true);
  if (message) expect(issues.find((i) => i.path === field)?.message, label).toBe(message);
}

describe('every request field follows a rule', () => {
  it('the table lists exactly the fields of the route schemas', () => {
    const actual: string[] = [];
    for (const id of routeIds) {
      for (const part of ['params', 'query', 'body'] as const) {
        if (part === 'body' && (IGNORED_BODIES.has(id) || BATCH_BODIES.has(id))) continue;
        const shape = schemaOf(id, part)?.shape ?? {};
        for (const field of Object.keys(shape)) {
          if (!STRUCTURED.has(`${id}.${part}.${field}`)) actual.push(`${id}.${part}.${field}`);
        }
      }
    }
    expect(actual.sort()).toEqual(FIELDS.map(([id, part, field]) => `${id}.${part}.${field}`).sort());
  });

  it('every valid request passes', () => {
    for (const [id, part] of FIELDS)
      expect(issuesOf(id, part, validPart(id, part)), `${id}.${part}`).toEqual([]);
  });

  const strings = FIELDS.filter(([, , , kind]) => kind !== 'enum');
  it.each(strings)(
    '%s %s.%s refuses NUL, unpaired surrogates and control characters',
    (id, part, field, _kind, ok) => {
      expectRefused(id, part, field, `${ok}\u0000`, INPUT_RULE_MESSAGES.nul);
      expectRefused(id, part, field, `\u0000${ok}`, INPUT_RULE_MESSAGES.nul);
      expectRefused(id, part, field, `${ok}\uD800`, INPUT_RULE_MESSAGES.surrogate);
      expectRefused(id, part, field, `\uDC00${ok}`, INPUT_RULE_MESSAGES.surrogate);
      const multiLine = MULTI_LINE.has(`${id}.${part}.${field}`);
      expectRefused(
        id,
        part,
        field,
        `${ok.slice(0, 1)}\u0007${ok.slice(1)}`,
        multiLine ? INPUT_RULE_MESSAGES.controlExceptWhitespace : INPUT_RULE_MESSAGES.control,
      );
      const controls = ['\t', '\n', '\r', '\u001B[31m', '\u007F', '\u0085'].slice(multiLine ? 3 : 0);
      for (const control of controls) {
        // In the middle: the search query is trimmed, which removes surrounding whitespace first.
        expectRefused(
          id,
          part,
          field,
          `${ok.slice(0, 1)}${control}${ok.slice(1)}`,
          multiLine ? INPUT_RULE_MESSAGES.controlExceptWhitespace : INPUT_RULE_MESSAGES.control,
        );
      }
    },
  );

  it.each(FIELDS)(
    '%s %s.%s refuses 10 000 characters, arrays, objects and other types',
    (id, part, field, _, ok) => {
      expectRefused(
        id,
        part,
        field,
        ok.slice(0, 1).repeat(MULTI_LINE.has(`${id}.${part}.${field}`) ? 20_001 : 10_000),
      );
      expectRefused(id, part, field, [ok]);
      expectRefused(id, part, field, [ok, ok]);
      expectRefused(id, part, field, { [field]: ok });
      expectRefused(id, part, field, true);
      if (field !== 'contactId') expectRefused(id, part, field, 1);
      if (field !== 'companyId' && !NULLABLE.has(`${id}.${part}.${field}`))
        expectRefused(id, part, field, null);
    },
  );

  it.each(FIELDS.filter(([, , , kind]) => ['projectKey', 'recordId', 'requestKey', 'slug'].includes(kind)))(
    '%s %s.%s refuses traversal, spaces, escapes, quotes and look-alikes',
    (id, part, field) => {
      for (const hostile of [
        '..',
        '.',
        '../etc/passwd',
        'a/b',
        'a\\b',
        '/abs',
        'a b',
        ' a',
        'a%2e%2e',
        '%00',
        "a'b",
        'a"b',
        'a`b',
        'a<b>',
        'a\u202Eb', // RIGHT-TO-LEFT OVERRIDE
        'a\u200Bb', // ZERO WIDTH SPACE
        'ＰＯＲＴＡＬ', // fullwidth letters
        'PORTАL', // Cyrillic А
        '',
      ]) {
        expectRefused(id, part, field, hostile);
      }
    },
  );

  it.each(FIELDS.filter(([, , , kind]) => kind === 'date'))(
    '%s %s.%s refuses dates that are not real or outside 2000-01-01 … 2099-12-31',
    (id, part, field) => {
      const cases: [string, string][] = [
        ['0000-01-01', INPUT_RULE_MESSAGES.dateBounds],
        ['9999-12-31', INPUT_RULE_MESSAGES.dateBounds],
        ['1999-12-31', INPUT_RULE_MESSAGES.dateBounds],
        ['2100-01-01', INPUT_RULE_MESSAGES.dateBounds],
        ['+010000-01-01', INPUT_RULE_MESSAGES.dateShape],
        ['-002026-01-01', INPUT_RULE_MESSAGES.dateShape],
        ['2026-1-5', INPUT_RULE_MESSAGES.dateShape],
        ['2026-01-01T00:00:00Z', INPUT_RULE_MESSAGES.dateShape],
        ['yesterday', INPUT_RULE_MESSAGES.dateShape],
        ['', INPUT_RULE_MESSAGES.dateShape],
        ['2023-02-30', INPUT_RULE_MESSAGES.dateReal],
        ['2023-02-29', INPUT_RULE_MESSAGES.dateReal],
        ['2026-04-31', INPUT_RULE_MESSAGES.dateReal],
        ['2026-13-01', INPUT_RULE_MESSAGES.dateReal],
        ['2026-00-10', INPUT_RULE_MESSAGES.dateReal],
      ];
      // Each end alone, so the range rule does not come into it.
      const schema = schemaOf(id, part)!;
      const { from: _from, to: _to, ...rest } = validPart(id, part);
      for (const [value, message] of cases) {
        const result = schema.safeParse({ ...rest, [field]: value });
        expect(
          result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]),
          value,
        ).toEqual([[field, message]]);
      }
      expectRefused(id, part, field, MIN_REQUEST_DATE.replace('2000', '1999'));
    },
  );
});

describe('date ranges', () => {
  const ranged: RouteId[] = ['dora', 'projectAnalytics', 'aiUsage'];
  const query = (id: RouteId, range: { from?: string; to?: string }) => {
    const { from: _f, to: _t, ...rest } = validPart(id, 'query');
    return { ...rest, ...range };
  };

  it.each(ranged)('%s: from ≤ to and at most MAX_RANGE_DAYS days, reported on `from`', (id) => {
    const schema = schemaOf(id, 'query')!;
    const issues = (range: { from?: string; to?: string }) => {
      const result = schema.safeParse(query(id, range));
      return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({ from: '2026-02-01', to: '2026-01-31' })).toEqual([
      ['from', INPUT_RULE_MESSAGES.rangeOrder],
    ]);
    expect(issues({ from: '2099-12-31', to: '2000-01-01' })).toEqual([
      ['from', INPUT_RULE_MESSAGES.rangeOrder],
    ]);
    const longest = { from: '2023-01-01', to: addDays('2023-01-01', MAX_RANGE_DAYS - 1) };
    expect(issues(longest)).toEqual([]);
    expect(issues({ ...longest, to: addDays(longest.to, 1) })).toEqual([
      ['from', INPUT_RULE_MESSAGES.rangeSpan],
    ]);
    expect(issues({ from: MIN_REQUEST_DATE, to: MAX_REQUEST_DATE })).toEqual([
      ['from', INPUT_RULE_MESSAGES.rangeSpan],
    ]);
    expect(issues({ from: '2026-01-31', to: '2026-01-31' })).toEqual([]);
    // One end alone: resolveAnalyticsRange applies the default and the same limits.
    expect(issues({ from: '2000-01-01' })).toEqual([]);
    expect(issues({ to: '2099-12-31' })).toEqual([]);
    // An invalid end is reported once, on its own field.
    expect(issues({ from: '9999-12-31', to: '2026-01-01' })).toEqual([
      ['from', INPUT_RULE_MESSAGES.dateBounds],
    ]);
  });

  it('random ranges: accepted exactly when from ≤ to ≤ from + MAX_RANGE_DAYS − 1 (property)', () => {
    const min = parseDay(MIN_REQUEST_DATE)!;
    const max = parseDay(MAX_REQUEST_DATE)!;
    const day = fc.integer({ min, max });
    const near = fc.tuple(day, fc.integer({ min: -3, max: MAX_RANGE_DAYS + 3 })).map(([a, d]) => [a, a + d]);
    fc.assert(
      fc.property(fc.oneof(fc.tuple(day, day), near), ([a, b]) => {
        fc.pre(b! >= min && b! <= max);
        const from = addDays('1970-01-01', a!);
        const to = addDays('1970-01-01', b!);
        const ok = b! >= a! && b! - a! + 1 <= MAX_RANGE_DAYS;
        expect(routes.dora.query.safeParse({ projectKey: 'PORTAL', from, to }).success).toBe(ok);
      }),
    );
  });
});

describe('numbers', () => {
  const body = (contactId: unknown) => routes.talentAssociations.body.safeParse({ contactId });

  it('refuses NaN, infinities, fractions, negatives and unsafe integers', () => {
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1.5,
      -1,
      2 ** 53,
      -(2 ** 53),
    ]) {
      expect(body(bad).success, String(bad)).toBe(false);
      expect(body(bad).error?.issues[0]?.path).toEqual(['contactId']);
    }
    // 1e309 overflows to Infinity when JSON is parsed.
    expect(body(JSON.parse('{"contactId":1e309}').contactId).success).toBe(false);
    expect(body(2 ** 53 - 1).success).toBe(true);
    expect(body(0).success).toBe(true);
  });

  it('never reads a number from a string: numeric-looking strings stay string ids', () => {
    for (const text of ['51234', '1e309', 'Infinity', 'NaN', '0x1F', '1.5']) {
      const parsed = body(text);
      expect(parsed.success, text).toBe(true);
      expect(parsed.data?.contactId).toBe(text);
    }
    for (const text of ['-1', ' 5', '+5', '']) expect(body(text).success, text).toBe(false);
  });

  it('fast-check: any double is accepted exactly when it is a safe integer ≥ 0 (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.maxSafeInteger()), (n) => {
        expect(body(n).success).toBe(Number.isSafeInteger(n) && n >= 0);
      }),
    );
  });
});

describe('the requests’ structured fields', () => {
  it('fields: names to strings or numbers only; internal and remove: booleans only', () => {
    const create = (fields: unknown) =>
      routes.createRequest.body.safeParse({ type: 'question', title: 'T', fields }).success;
    expect(create({ hours_delta: 120, effective_from: '2026-04-01' })).toBe(true);
    for (const bad of [
      { a: { b: 1 } },
      { a: [1] },
      { a: null },
      { a: true },
      [1],
      'x',
      { '': 1 },
      { 'a\u0000': 1 },
    ])
      expect(create(bad), JSON.stringify(bad)).toBe(false);
    expect(create({ ['a'.repeat(41)]: 1 })).toBe(false);
    expect(routes.requestComment.body.safeParse({ body: 'x', internal: 'true' }).success).toBe(false);
    expect(routes.requestParticipant.body.safeParse({ userId: 'u1', remove: 1 }).success).toBe(false);
  });
});

describe('bodies', () => {
  const strict = FIELDS.filter(([, part]) => part === 'body').map(([id]) => id);
  it.each([...new Set(strict)])('%s refuses __proto__, constructor and unknown keys', (id) => {
    for (const json of [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"extra":1}',
    ]) {
      const input = { ...validPart(id, 'body'), ...JSON.parse(json) };
      const result = schemaOf(id, 'body')!.safeParse(input);
      expect(result.success, json).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(Object.keys(JSON.parse(json))[0]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignored bodies drop __proto__ without touching prototypes', () => {
    const parsed = routes.profile.body.parse(JSON.parse('{"__proto__":{"polluted":true},"user":{}}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect((parsed as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a body that is not an object is refused', () => {
    for (const body of [null, [], 'fileId', 42])
      expect(routes.signedUrl.body.safeParse(body).success).toBe(false);
  });
});

describe('the text rules', () => {
  // Strings biased towards the interesting code units: controls, surrogates, C1, bidi controls.
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0x20 }),
    fc.integer({ min: 0x7e, max: 0xa0 }),
    fc.integer({ min: 0xd7ff, max: 0xe000 }),
    fc.constantFrom(0x202e, 0x2066, 0xfeff, 0xfffd),
    fc.integer({ min: 0, max: 0xffff }),
  );
  const hostile = fc.array(unit, { maxLength: 12 }).map((units) => String.fromCharCode(...units));

  it('the JSON Schema patterns say what the parser checks (property)', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string({ unit: 'binary' })), (value) => {
        expect(SINGLE_LINE_TEXT_PATTERN.test(value)).toBe(textViolation(value) === null);
        expect(MULTI_LINE_TEXT_PATTERN.test(value)).toBe(textViolation(value, true) === null);
        expect(singleLineText({ max: 100 }).safeParse(value).success).toBe(textViolation(value) === null);
      }),
      { numRuns: 500 },
    );
  });

  it('report NUL first, then unpaired surrogates, then other control characters', () => {
    expect(textViolation('a\u0007\uD800\u0000')).toBe('nul');
    expect(textViolation('a\u0007\uD800')).toBe('surrogate');
    expect(textViolation('a\u0007')).toBe('control');
    expect(textViolation('😀 ok')).toBeNull(); // a surrogate pair is one character
    expect(textViolation('\uDE00\uD83D')).toBe('surrogate'); // reversed pair
    expect(textViolation('tab\tand\r\nnewlines', true)).toBeNull();
    expect(textViolation('bell\u0007', true)).toBe('controlExceptWhitespace');
  });

  it('multi-line text allows tab and newlines, nothing else', () => {
    const schema = multiLineText({ max: 50 });
    expect(schema.safeParse('line one\n\tline two\r\n').success).toBe(true);
    expect(schema.safeParse('nul\u0000').error?.issues[0]?.message).toBe(INPUT_RULE_MESSAGES.nul);
    expect(schema.safeParse('esc\u001B').error?.issues[0]?.message).toBe(
      INPUT_RULE_MESSAGES.controlExceptWhitespace,
    );
  });

  it('passwords take any printable character, spaces and non-ASCII included', () => {
    for (const password of [
      ' leading and trailing ',
      'p@$$w0rd!"#%&\'()*+,-./:;<=>?[\\]^_`{|}~',
      'pässwörd ✓ 😀',
    ]) {
      expect(routes.signIn.body.safeParse({ email: 'a@b.example', password }).success, password).toBe(true);
    }
  });

  it('the search query is trimmed before its length is checked', () => {
    expect(routes.knowledgeBaseSearch.query.parse({ q: '  dora  ' })).toEqual({ q: 'dora' });
    expect(routes.knowledgeBaseSearch.query.safeParse({ q: '  a  ' }).success).toBe(false);
    expect(routes.knowledgeBaseSearch.query.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });

  it('OIDC code, state and error are printable ASCII', () => {
    expect(routes.authCallback.query.safeParse({ code: 'abc déf' }).error?.issues[0]?.message).toBe(
      INPUT_RULE_MESSAGES.printableAscii,
    );
    expect(routes.authCallback.query.safeParse({ error_description: 'Zugriff verweigert' }).success).toBe(
      true,
    );
  });
});

describe('ids, slugs and dates: the documented sets', () => {
  it('REQUEST_DATE_PATTERN is exactly "a real date from MIN_REQUEST_DATE to MAX_REQUEST_DATE" (property)', () => {
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    const date = fc
      .tuple(
        fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1995, max: 2105 })),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
      )
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
    fc.assert(
      fc.property(date, (value) => {
        expect(REQUEST_DATE_PATTERN.test(value)).toBe(requestDay(value) !== null);
        expect(requestDate.safeParse(value).success).toBe(requestDay(value) !== null);
      }),
      { numRuns: 2000 },
    );
    for (let day = parseDay(MIN_REQUEST_DATE)!; day <= parseDay(MAX_REQUEST_DATE)!; day += 1) {
      const value = addDays('1970-01-01', day);
      if (!REQUEST_DATE_PATTERN.test(value)) expect.fail(`${value} is refused`);
    }
    expect(REQUEST_DATE_PATTERN.test(addDays(MIN_REQUEST_DATE, -1))).toBe(false);
    expect(REQUEST_DATE_PATTERN.test(addDays(MAX_REQUEST_DATE, 1))).toBe(false);
  });

  it('ids accept their character set and length, and nothing else (property)', () => {
    const alnum = fc.constantFrom(...'abcxyzABCXYZ0189');
    const inner = fc.constantFrom(...'abcXYZ09._:-');
    const candidate = fc
      .tuple(alnum, fc.array(inner, { maxLength: 140 }))
      .map(([first, rest]) => first + rest.join(''));
    fc.assert(
      fc.property(candidate, (id) => {
        const expected = id.length <= 128 && !id.includes('..') && !id.endsWith('.');
        expect(recordIdParam.safeParse(id).success, id).toBe(expected);
      }),
    );
    expect(RECORD_ID_PATTERN.test('a'.repeat(129))).toBe(true); // the length is its own check
    expect(recordIdParam.safeParse('a'.repeat(128)).success).toBe(true);
    expect(recordIdParam.safeParse('a'.repeat(129)).success).toBe(false);
    expect(projectKeyParam.safeParse('A'.repeat(100)).success).toBe(true);
    expect(projectKeyParam.safeParse('A'.repeat(101)).success).toBe(false);
    expect(projectKeyParam.safeParse('-PORTAL').success).toBe(false);
    expect(projectKeyParam.safeParse('PORTAL.X').success).toBe(false);
    expect(slugParam.safeParse('a'.repeat(200)).success).toBe(true);
    expect(slugParam.safeParse('a'.repeat(201)).success).toBe(false);
    for (const bad of ['Dora', 'dora--metrics', '-dora', 'dora-', 'dora_metrics', 'dora.metrics']) {
      expect(slugParam.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('fixture and demo values pass', () => {
    const fixtures = createPortalFixtures();
    const keys = [
      fixtures.ids.projectKey,
      ...ANALYTICS_PROJECTS.flatMap((p) => (p.jiraProjectKey ? [p.jiraProjectKey] : [])),
      ...CRM_PROJECTS.flatMap((p) => (p.jiraKey ? [p.jiraKey] : [])),
      'PORTAL',
      'ROUTE',
      'SHOP',
      'ZZCONTRACTCHECK',
    ];
    for (const key of keys) expect(PROJECT_KEY_PATTERN.test(key), key).toBe(true);
    const ids = [
      fixtures.ids.projectId,
      fixtures.ids.fileId,
      fixtures.ids.contactId,
      CONTACT_ID,
      COMPANY_ID,
      ...CRM_PROJECTS.map((p) => p.id),
      ...fixtures.documents.documents.map((d) => d.id),
      ...fixtures.projects.data.map((p) => p.id),
      // The host's demo data.
      'acme',
      'globex',
      'acme-portal',
      'acme-c-1',
      'globex-c-1',
      'doc-acme-msa',
      'zz-contract-check-unknown',
      '0b8e6a4e-3f2c-4d51-9a3e-6f1d2c3b4a59',
      'urn:crm:company:42',
    ];
    for (const id of ids) expect(recordIdParam.safeParse(id).success, id).toBe(true);
    const slugs = [
      fixtures.ids.articleSlug,
      ...fixtures.articles.map((a) => a.slug),
      'understanding-dora-metrics',
      'getting-started-with-the-portal',
    ];
    for (const slug of slugs) expect(SLUG_PATTERN.test(slug) && slug.length <= 200, slug).toBe(true);
    for (const category of fixtures.knowledgeBase().categories) {
      expect(routes.knowledgeBase.query.safeParse({ category }).success, category).toBe(true);
    }
    expect(routes.signIn.body.safeParse(fixtures.credentials).success).toBe(true);
    expect(routes.knowledgeBaseSearch.query.safeParse({ q: fixtures.ids.searchQuery }).success).toBe(true);
  });
});

describe('a violation is a 400 naming the field, through the mocks and the client', () => {
  const api = createApiClient({ baseUrl: 'http://mock.test', fetch: createMockFetch(handlers()) });

  async function fieldErrors(call: Promise<unknown>) {
    const error = await call.then(
      () => expect.fail('the call succeeded'),
      (e: unknown) => e,
    );
    if (!isRequestError(error)) throw error;
    expect(error.status).toBe(400);
    return error.fieldErrors;
  }

  it('dates, ranges and ids', async () => {
    expect(await fieldErrors(api.getDoraMetrics({ projectKey: 'PORTAL', from: '9999-12-31' }))).toEqual([
      { path: 'from', message: INPUT_RULE_MESSAGES.dateBounds },
    ]);
    expect(
      await fieldErrors(api.getDoraMetrics({ projectKey: 'PORTAL', from: '2026-02-01', to: '2026-01-01' })),
    ).toEqual([{ path: 'from', message: INPUT_RULE_MESSAGES.rangeOrder }]);
    expect(await fieldErrors(api.getAiUsage({ jiraProjectKey: 'PORTAL', to: '2023-02-30' }))).toEqual([
      { path: 'to', message: INPUT_RULE_MESSAGES.dateReal },
    ]);
    expect(await fieldErrors(api.getProjectAnalytics('POR TAL'))).toEqual([
      { path: 'projectKey', message: INPUT_RULE_MESSAGES.projectKey },
    ]);
    expect(await fieldErrors(api.createSignedUrl('../../etc/passwd'))).toEqual([
      { path: 'fileId', message: INPUT_RULE_MESSAGES.recordId },
    ]);
    expect(await fieldErrors(api.getGithubRepositories('9001\u0000'))).toEqual([
      { path: 'projectId', message: INPUT_RULE_MESSAGES.nul },
    ]);
    expect(await fieldErrors(api.getKnowledgeBaseArticle('Dora Metrics'))).toEqual([
      { path: 'slug', message: INPUT_RULE_MESSAGES.slug },
    ]);
  });

  it('text and numbers', async () => {
    expect(await fieldErrors(api.searchKnowledgeBase('dora\u0000'))).toEqual([
      { path: 'q', message: INPUT_RULE_MESSAGES.nul },
    ]);
    expect(
      await fieldErrors(api.signIn({ email: 'maya.okafor@northwind.example', password: 'a\nb' })),
    ).toEqual([{ path: 'password', message: INPUT_RULE_MESSAGES.control }]);
    expect(await fieldErrors(api.actAs('acme\uD800'))).toEqual([
      { path: 'companyId', message: INPUT_RULE_MESSAGES.surrogate },
    ]);
    // JSON has no NaN: it is sent as null.
    expect((await fieldErrors(api.getTalentAssociations(Number.NaN)))[0]?.path).toBe('contactId');
    expect((await fieldErrors(api.getTalentAssociations(1.5)))[0]?.path).toBe('contactId');
  });

  it('valid demo values still get their answers', async () => {
    await expect(
      api.getDoraMetrics({ projectKey: 'PORTAL', from: '2026-01-01', to: '2026-02-28' }),
    ).resolves.toMatchObject({
      range: { from: '2026-01-01', to: '2026-02-28' },
    });
    await expect(api.getTalentAssociations(Number(CONTACT_ID))).resolves.toBeTruthy();
    await expect(api.createSignedUrl('file_0001')).resolves.toBeTruthy();
  });
});
