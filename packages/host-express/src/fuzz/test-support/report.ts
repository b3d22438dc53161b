import type { Identity } from './fuzz-requests.js';
import { CATEGORIES, describeValue } from './hostile-values.js';
import type { Failure, Stats } from './runner.js';

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const IDENTITIES: Identity[] = ['customer', 'staff', 'staff-act-as', 'anonymous'];

/** Requests sent per route (by identity and outcome), then per hostile category. */
export function formatSummary(store: string, stats: Stats, notes: string[] = []): string {
  const routes = [...stats.routes.entries()].sort(([a], [b]) => a.localeCompare(b));
  let total = 0;
  let failures = 0;
  const rows = routes.map(([route, s]) => {
    total += s.sent;
    failures += s.failures;
    return [
      route,
      s.sent,
      ...IDENTITIES.map((id) => s.byIdentity.get(id) ?? 0),
      s.byOutcome.get('2xx') ?? 0,
      s.byOutcome.get('3xx') ?? 0,
      s.byOutcome.get('4xx') ?? 0,
      s.byOutcome.get('5xx') ?? 0,
      (s.byOutcome.get('timeout') ?? 0) + (s.byOutcome.get('error') ?? 0),
      s.failures,
      s.slowestMs,
    ];
  });
  rows.push(['TOTAL', total, '', '', '', '', '', '', '', '', '', failures, '']);
  const byCategory = new Map<string, number>();
  for (const [, s] of routes)
    for (const [c, n] of s.byCategory) byCategory.set(c, (byCategory.get(c) ?? 0) + n);
  const categoryRows = CATEGORIES.filter((c) => byCategory.has(c)).map((c) => [
    c,
    byCategory.get(c) ?? 0,
    stats.categoryFailures.get(c) ?? 0,
  ]);
  const seconds = ((stats.finishedAt || performance.now()) - stats.startedAt) / 1000;
  return [
    `Contract fuzz on ${store}: ${total} requests in ${seconds.toFixed(1)} s, ${failures} failing`,
    ...notes,
    '',
    table(
      [
        'route',
        'sent',
        'customer',
        'staff',
        'act-as',
        'anon',
        '2xx',
        '3xx',
        '4xx',
        '5xx',
        't/o+err',
        'failing',
        'max ms',
      ],
      rows,
    ),
    '',
    table(['category', 'sent', 'failing'], categoryRows),
  ].join('\n');
}

/** Node's default `maxHeaderSize`: a longer request head never reaches Express. */
const NODE_MAX_HEADER_SIZE = 16 * 1024;

/** What a failure is about: the host's own error for a 5xx, else the rules broken (and status). */
export function causeOf(f: Failure): string {
  const kinds = [...new Set(f.violations.map((v) => v.kind))].join(' + ');
  if (f.serverErrors.length > 0) {
    // Dates and other values in the driver's message differ per request; the message does not.
    const error = (f.serverErrors[0] ?? '')
      .replace(/^\d{3} /, '')
      // PGlite's and node-postgres's errors differ only by class name: group them by SQLSTATE.
      .replace(/^\w+: (?=\d{5}: )/, 'SQLSTATE ')
      .replace(/^(?=\d{5}: )/, 'SQLSTATE ')
      .replace(/"[^"]*\d{2}[^"]*"/g, '"…"');
    return `${kinds}: ${error}`;
  }
  const first = f.violations[0];
  const detail =
    first && !['5xx', 'not 4xx', 'echoes > 200 characters of the input'].includes(first.kind)
      ? ` (${first.detail})`
      : '';
  const big = f.headBytes > NODE_MAX_HEADER_SIZE ? `, ${f.method} with a request head > 16 KB` : '';
  return `${kinds}${f.status ? ` [status ${f.status}]` : ''}${detail}${big}`;
}

/** Failures grouped by cause, with the routes and categories hit and a few examples of each. */
export function formatFailures(failures: readonly Failure[], examplesPerGroup = 6): string {
  if (failures.length === 0) return 'No failing requests.';
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = causeOf(f);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const out: string[] = [`${failures.length} failing requests, ${groups.size} causes:`];
  for (const [cause, list] of [...groups.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const routes = [...new Set(list.map((f) => f.route))];
    const categories = [...new Set(list.map((f) => f.category))];
    const stores = [...new Set(list.map((f) => f.store))];
    out.push('');
    out.push(`● ${cause} — ${list.length} requests (${stores.join(', ')})`);
    out.push(`  routes: ${routes.join(', ')}`);
    out.push(`  categories: ${categories.join(', ')}`);
    for (const f of list.slice(0, examplesPerGroup)) {
      const target = describeValue(f.target, 140).replace(/^"|"$/g, '');
      out.push(
        `  - ${f.route} [${f.identity}] ${f.label.slice(0, 160)}${f.sample ? ` (${f.sample})` : ''}`,
        `      ${f.method} ${target} → ${f.status ?? 'no response'} in ${f.ms} ms${f.body ? `: ${f.body.slice(0, 160)}` : ''}`,
      );
      const echo = f.violations.find((v) => v.kind === 'echoes > 200 characters of the input');
      if (echo) out.push(`      echo: ${echo.detail}`);
      if (f.serverErrors.length > 1)
        out.push(`      host log: ${f.serverErrors.slice(1).join(' | ').slice(0, 200)}`);
    }
    if (list.length > examplesPerGroup) out.push(`  … and ${list.length - examplesPerGroup} more`);
  }
  return out.join('\n');
}
