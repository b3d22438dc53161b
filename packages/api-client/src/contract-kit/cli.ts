#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { formatContractReport } from './report.js';
import { runContractChecks } from './run.js';

const USAGE = `Usage: client-portal-contract --base-url URL (--cookie COOKIE | --bearer TOKEN)
  --project-key KEY --project-id ID --file-id ID --article-slug SLUG
  [--contact-id ID] [--foreign-contact-id ID] [--search WORD]
  [--email EMAIL --password PASSWORD] [--json]
Checks that a running backend honours the client portal's /api contract. Exit code 1 on failures.`;

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    cookie: { type: 'string' },
    bearer: { type: 'string' },
    'project-key': { type: 'string' },
    'project-id': { type: 'string' },
    'file-id': { type: 'string' },
    'article-slug': { type: 'string' },
    'contact-id': { type: 'string' },
    'foreign-contact-id': { type: 'string' },
    search: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});

const need = ['base-url', 'project-key', 'project-id', 'file-id', 'article-slug'] as const;
if (values.help || need.some((k) => !values[k]) || !(values.cookie || values.bearer)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const report = await runContractChecks({
  baseUrl: values['base-url']!,
  ...(values.cookie ? { cookie: values.cookie } : {}),
  ...(values.bearer ? { headers: { authorization: `Bearer ${values.bearer}` } } : {}),
  fixtures: {
    projectKey: values['project-key']!,
    projectId: values['project-id']!,
    fileId: values['file-id']!,
    articleSlug: values['article-slug']!,
    ...(values['contact-id'] ? { contactId: values['contact-id'] } : {}),
    ...(values['foreign-contact-id'] ? { foreignContactId: values['foreign-contact-id'] } : {}),
    ...(values.search ? { searchQuery: values.search } : {}),
  },
  ...(values.email && values.password ? { signIn: { email: values.email, password: values.password } } : {}),
});
console.log(values.json ? JSON.stringify(report, null, 2) : formatContractReport(report));
process.exit(report.ok ? 0 : 1);
