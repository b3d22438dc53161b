import type { NewRow } from '../schema.js';
import { ACME, GLOBEX } from './crm.js';
import { daysAgo } from './time.js';

type ArticlePlan = [
  slug: string,
  company: string | null,
  category: string,
  title: string,
  summary: string,
  tags: string[],
  /** Days since publication; null = a draft. */
  age: number | null,
  body: string,
];

const ARTICLES: ArticlePlan[] = [
  [
    'getting-started-with-the-portal',
    null,
    'Getting started',
    'Getting started with the portal',
    'What you can see and do in the client portal, page by page.',
    ['portal', 'overview'],
    200,
    `
# Getting started

The portal shows everything about your engagement in one place:

- **Home**: a summary of your subscriptions, projects and team.
- **Subscriptions**: your active plans, their terms and contracted hours.
- **Talent**: the people working with you now, before, and who is available.
- **Analytics**: delivery metrics (DORA) and AI assistant usage per project.
- **Documents**: contracts, statements of work, invoices and reports.

Use the navigation on the left; on a phone, open it from the menu button at the top.
`,
  ],
  [
    'booking-a-meeting-with-your-account-manager',
    null,
    'Getting started',
    'Booking a meeting with your account manager',
    'Use the floating button to pick a time in your account manager’s calendar.',
    ['account manager', 'meetings'],
    180,
    `
# Booking a meeting

The **Book a meeting with my Account Manager** button opens your account manager's booking page in a new tab.
Pick any free slot; you receive a calendar invitation by email.

If the button is missing, no account manager is assigned yet: contact support.
`,
  ],
  [
    'understanding-dora-metrics',
    null,
    'Analytics',
    'Understanding DORA metrics',
    'Deployment frequency, lead time, change failure rate and recovery time, and how to read them.',
    ['dora', 'analytics', 'metrics'],
    150,
    `
# Understanding DORA metrics

DORA's four keys describe how a team delivers software:

1. **Deployment frequency**: how often changes reach production.
2. **Lead time for changes**: from the first commit to running in production (median).
3. **Change failure rate**: the share of deployments that caused an incident.
4. **Failed deployment recovery time**: how long it takes to restore service (median).

Each metric gets a tier (elite, high, medium, low) using the DORA 2023 thresholds. Tiers are a hint, not a grade.
`,
  ],
  [
    'how-deployment-frequency-is-measured',
    null,
    'Analytics',
    'How deployment frequency is measured',
    'Only successful production deployments count, once per deployment.',
    ['dora', 'deployments'],
    120,
    `
# How deployment frequency is measured

We count **successful deployments to production**, timed by when they finished.
Staging deployments and failed runs are not counted.

The tier uses the median number of days per week with at least one deployment, so one busy day
does not make a slow week look fast.
`,
  ],
  [
    'ai-assistant-usage-explained',
    null,
    'Analytics',
    'AI assistant usage explained',
    'What the Windsurf, Copilot and Cursor numbers mean and why some are missing.',
    ['ai', 'copilot', 'windsurf', 'cursor'],
    60,
    `
# AI assistant usage

For each assistant we show active users, accepted suggestions, accepted lines and chat requests per day.

- **Acceptance rate** is accepted ÷ shown suggestions. Windsurf does not report shown suggestions, so it has no rate.
- Tools publish their data with a delay of about a day.
- Usage is reported per organisation, team or group, which we map to your project.
`,
  ],
  [
    'downloading-your-documents',
    null,
    'Documents',
    'Downloading your documents',
    'Download links are personal and expire after a few minutes.',
    ['documents', 'downloads'],
    90,
    `
# Downloading documents

Select a document to download it. Each download uses a personal link that expires after a few minutes,
so links you copy stop working: download again from the portal instead.
`,
  ],
  [
    'invoices-and-billing-questions',
    null,
    'Billing',
    'Invoices and billing questions',
    'Where invoices are, when they are issued, and who to ask.',
    ['billing', 'invoices'],
    75,
    `
# Invoices

Invoices are issued monthly and appear under **Documents** with the category *Invoice*.
For questions about an invoice, book a meeting with your account manager.
`,
  ],
  [
    'how-we-keep-your-data-secure',
    null,
    'Security',
    'How we keep your data secure',
    'Sessions, access to your company’s data and what we log.',
    ['security', 'privacy'],
    40,
    `
# Security

- You only ever see your own company's data.
- Sessions end after a period of inactivity and when you sign out.
- Download links are signed and short-lived.
- We never log passwords, cookies or tokens.
`,
  ],
  [
    'upcoming-single-sign-on',
    null,
    'Security',
    'Single sign-on (coming soon)',
    'Sign in with your company identity provider.',
    ['sso', 'security'],
    null,
    `
# Single sign-on

Draft: not published yet.
`,
  ],
  [
    'acme-escalation-contacts',
    ACME,
    'Support',
    'Acme escalation contacts',
    'Who to call for production incidents on Acme projects.',
    ['support', 'incidents'],
    30,
    `
# Escalation contacts (Acme)

- Production incidents: the on-call tech lead of the Portal Delivery Squad.
- Commercial questions: Jordan Ellis, your account manager.
`,
  ],
  [
    'globex-release-calendar',
    GLOBEX,
    'Support',
    'Globex release calendar',
    'Release windows agreed for the storefront.',
    ['releases'],
    25,
    `
# Release calendar (Globex)

Storefront releases go out Tuesday to Thursday, 09:00-16:00 CET. No releases during the holiday freeze.
`,
  ],
];

export function kbArticles(now: Date): NewRow<'kb_articles'>[] {
  return ARTICLES.map(([slug, company, category, title, summary, tags, age, body]) => ({
    id: `kb-${slug}`,
    slug,
    company_id: company,
    title,
    summary,
    body_markdown: `${body.trim()}\n`,
    category,
    tags,
    published_at: age === null ? null : daysAgo(now, age, 8),
    updated_at: daysAgo(now, age === null ? 1 : Math.max(1, age - 10), 8),
  }));
}
