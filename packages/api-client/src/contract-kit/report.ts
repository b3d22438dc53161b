import type { ContractReport } from './run.js';

/** A plain-text report: one line per check, failures indented under it, a summary line last. */
export function formatContractReport(report: ContractReport): string {
  const lines = [`Contract checks against ${report.baseUrl}`];
  for (const check of report.checks) {
    const schema = check.schemaValid === null ? '' : check.schemaValid ? ' · schema ok' : ' · schema INVALID';
    const status = check.status === null ? 'no response' : String(check.status);
    lines.push(`${check.ok ? '✓' : '✗'} ${check.name} — ${check.method} ${check.url} → ${status}${schema}`);
    for (const failure of check.failures) lines.push(`    ${failure}`);
  }
  if (report.routesNotChecked.length) lines.push(`Routes not checked: ${report.routesNotChecked.join(', ')}`);
  lines.push(`${report.passed} passed, ${report.failed} failed`);
  return lines.join('\n');
}
