import type { NewRow } from '../schema.js';
import { dayFrom, daysAgo } from './time.js';

/** The two demo tenants: Acme passes the Home gate, Globex does not; both exist to show isolation. */
export const ACME = 'acme';
export const GLOBEX = 'globex';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoSignIn {
  email: string;
  role: 'customer' | 'staff';
  /** What the account shows off, for the start-up banner and the fallback page. */
  description: string;
}

export const DEMO_SIGN_INS: readonly DemoSignIn[] = [
  { email: 'demo@acme.example', role: 'customer', description: 'Acme Corporation (passes the Home gate)' },
  {
    email: 'member@acme.example',
    role: 'customer',
    description: 'Acme Corporation, a member (the admin is demo@acme)',
  },
  { email: 'demo@globex.example', role: 'customer', description: 'Globex Industries (no Home page)' },
  {
    email: 'staff@provider.example',
    role: 'staff',
    description: 'provider staff, may act for either company',
  },
];

/** Ids of Acme records, for the contract test kit and the host's tests (signed in as demo@acme.example). */
export const DEMO_FIXTURES = {
  companyId: ACME,
  contactId: 'acme-c-1',
  projectKey: 'PORTAL',
  projectId: 'acme-portal',
  fileId: 'doc-acme-msa',
  articleSlug: 'getting-started-with-the-portal',
  searchQuery: 'dora',
  /** A DORA metric (the drill-down route's path parameter). */
  metric: 'changeFailureRate',
  /** A request of Acme the company admin sees (a document request), and a file attached to it. */
  requestKey: 'ACME-3',
  attachmentId: 'att-demo-acme-3-1',
  /** Globex's records: another company's ids must answer 404. */
  foreign: {
    companyId: GLOBEX,
    contactId: 'globex-c-1',
    projectKey: 'SHOP',
    projectId: 'globex-shop',
    fileId: 'doc-globex-msa',
    articleSlug: 'globex-release-calendar',
    requestKey: 'GLOBEX-1',
  },
} as const;

function svgLogo(letter: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${colour}"/><text x="32" y="43" font-family="Arial, sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const accountManagers: NewRow<'account_managers'>[] = [
  {
    id: 'am-jordan-ellis',
    name: 'Jordan Ellis',
    email: 'jordan.ellis@provider.example',
    title: 'Senior Account Manager',
    phone: '+44 20 7946 0101',
    photo_url: null,
    booking_url: 'https://meetings.hubspot.com/jordan-ellis',
  },
  {
    id: 'am-priya-raman',
    name: 'Priya Raman',
    email: 'priya.raman@provider.example',
    title: 'Account Manager',
    phone: '+1 415 555 0142',
    photo_url: null,
    booking_url: 'https://meetings.hubspot.com/priya-raman',
  },
];

export const companies: NewRow<'companies'>[] = [
  {
    id: ACME,
    name: 'Acme Corporation',
    domain: 'acme.example',
    logo_url: svgLogo('A', '#1d4ed8'),
    hubspot_id: '5001001',
    account_manager_id: 'am-jordan-ellis',
  },
  {
    // No logo: the portal shows its default image.
    id: GLOBEX,
    name: 'Globex Industries',
    domain: 'globex.example',
    logo_url: null,
    hubspot_id: '5001002',
    account_manager_id: 'am-priya-raman',
  },
];

export function contacts(homeLifecycleStage: string): NewRow<'contacts'>[] {
  const contact = (
    id: string,
    companyId: string,
    [first, last]: [string, string],
    email: string,
    jobTitle: string,
    stage: string,
    ownerId: string,
  ): NewRow<'contacts'> => ({
    id,
    company_id: companyId,
    first_name: first,
    last_name: last,
    email,
    phone: null,
    job_title: jobTitle,
    lifecycle_stage: stage,
    owner_id: ownerId,
    properties: JSON.stringify({ hs_lead_status: 'CONNECTED', preferred_language: 'en' }),
  });
  return [
    contact(
      'acme-c-1',
      ACME,
      ['Alex', 'Carter'],
      'demo@acme.example',
      'Head of Engineering',
      homeLifecycleStage,
      'am-jordan-ellis',
    ),
    contact(
      'acme-c-2',
      ACME,
      ['Sam', 'Rivera'],
      'sam.rivera@acme.example',
      'CTO',
      homeLifecycleStage,
      'am-jordan-ellis',
    ),
    contact(
      'globex-c-1',
      GLOBEX,
      ['Dana', 'Whitfield'],
      'demo@globex.example',
      'VP Operations',
      'customer',
      'am-priya-raman',
    ),
    contact(
      'globex-c-2',
      GLOBEX,
      ['Morgan', 'Lee'],
      'morgan.lee@globex.example',
      'Product Director',
      'opportunity',
      'am-priya-raman',
    ),
  ];
}

export function users(passwordHash: string): NewRow<'users'>[] {
  return [
    {
      id: 'u-demo-acme',
      email: 'demo@acme.example',
      password_hash: passwordHash,
      display_name: 'Alex Carter',
      role: 'customer',
      company_id: ACME,
      contact_id: 'acme-c-1',
      // Acme's company admin: sees every request of the company, approves, exports.
      company_admin: true,
      oidc_subject: null,
      disabled_at: null,
    },
    {
      // A member: sees their own requests, those they take part in and company-visible ones.
      id: 'u-acme-member',
      email: 'member@acme.example',
      password_hash: passwordHash,
      display_name: 'Sam Rivera',
      role: 'customer',
      company_id: ACME,
      contact_id: 'acme-c-2',
      oidc_subject: null,
      disabled_at: null,
    },
    {
      id: 'u-demo-globex',
      email: 'demo@globex.example',
      password_hash: passwordHash,
      display_name: 'Dana Whitfield',
      role: 'customer',
      company_id: GLOBEX,
      contact_id: 'globex-c-1',
      oidc_subject: null,
      disabled_at: null,
    },
    {
      id: 'u-staff',
      email: 'staff@provider.example',
      password_hash: passwordHash,
      display_name: 'Casey Morgan',
      role: 'staff',
      company_id: null,
      contact_id: null,
      oidc_subject: null,
      disabled_at: null,
    },
  ];
}

/**
 * Projects with and without analytics: Acme has two visible analytics projects (PORTAL, ROUTE),
 * a CRM project with a key but no data (WMS), one with an empty key and one with none (both never
 * visible), and an analytics project the CRM does not know (FLEET, also never visible).
 */
export const projects: NewRow<'projects'>[] = [
  {
    id: 'acme-portal',
    company_id: ACME,
    name: 'Customer Portal Rebuild',
    jira_key: 'PORTAL',
    analytics_enabled: true,
  },
  {
    id: 'acme-route',
    company_id: ACME,
    name: 'Route Optimisation Engine',
    jira_key: 'ROUTE',
    analytics_enabled: true,
  },
  { id: 'acme-wms', company_id: ACME, name: 'Warehouse Mobile App', jira_key: 'WMS' },
  { id: 'acme-discovery', company_id: ACME, name: 'Data Platform Discovery', jira_key: '' },
  { id: 'acme-billing', company_id: ACME, name: 'Legacy Billing Support', jira_key: null },
  {
    id: 'acme-fleet',
    company_id: ACME,
    name: 'Fleet Telemetry',
    jira_key: 'FLEET',
    in_crm: false,
    analytics_enabled: true,
  },
  {
    id: 'globex-shop',
    company_id: GLOBEX,
    name: 'Storefront Replatform',
    jira_key: 'SHOP',
    analytics_enabled: true,
  },
  { id: 'globex-dwh', company_id: GLOBEX, name: 'Data Warehouse Migration', jira_key: 'DWH' },
];

type DealPlan = [
  id: string,
  company: string,
  name: string,
  serviceType: string,
  stage: string,
  start: number | null,
  months: number | null,
  hours: number | null,
];

/** Every service type and several stages; terms are relative to now (start in days from today). */
const DEALS: DealPlan[] = [
  ['acme-d-01', ACME, 'Team Plan: Platform Squad', 'Team Plans', 'Active', -200, 12, 1920],
  ['acme-d-02', ACME, 'Team Plan: QA Guild', 'Team Plans', 'Completed', -560, 12, 960],
  ['acme-d-03', ACME, 'Premium Team: Portal Delivery', 'Premium Teams', 'Active', -150, 12, 3840],
  ['acme-d-04', ACME, 'Premium Team: Data & ML', 'Premium Teams', 'Pending', 30, 6, 1920],
  ['acme-d-05', ACME, 'Staffing: Senior Android Engineer', 'Staffing', 'Active', -90, 6, 960],
  ['acme-d-06', ACME, 'Staffing: DevOps Engineer', 'Staffing', 'On Hold', -45, 6, 480],
  ['acme-d-07', ACME, 'Staff Augmentation: Tech Lead (interim)', 'Staff Augmentation', 'Active', -60, 6, 960],
  ['acme-d-08', ACME, 'Staff Augmentation: Data Engineer', 'Staff Augmentation', 'Cancelled', -400, 12, 1920],
  ['acme-d-09', ACME, 'Delivery Analytics: Portfolio', 'Analytics', 'Active', -300, 24, null],
  ['acme-d-10', ACME, 'Delivery Analytics Pilot', 'Analytics', 'Completed', -700, 6, 160],
  // A deal as CRMs often hold them: no dates, no hours.
  ['acme-d-11', ACME, 'Support retainer', 'Team Plans', 'Pending', null, null, null],
  ['globex-d-01', GLOBEX, 'Team Plan: Storefront Core', 'Team Plans', 'Active', -120, 12, 1920],
  ['globex-d-02', GLOBEX, 'Premium Team: Storefront', 'Premium Teams', 'Active', -100, 12, 3840],
  ['globex-d-03', GLOBEX, 'Staffing: QA Engineer', 'Staffing', 'Completed', -500, 6, 960],
  [
    'globex-d-04',
    GLOBEX,
    'Staff Augmentation: Backend Engineers',
    'Staff Augmentation',
    'On Hold',
    -20,
    6,
    1920,
  ],
  ['globex-d-05', GLOBEX, 'Delivery Analytics: Storefront', 'Analytics', 'Active', -80, 12, null],
];

export function deals(now: Date): NewRow<'deals'>[] {
  return DEALS.map(([id, company, name, serviceType, stage, start, months, hours]) => ({
    id,
    company_id: company,
    name,
    service_type: serviceType,
    stage,
    start_date: start === null ? null : dayFrom(now, start),
    end_date: start === null || months === null ? null : dayFrom(now, start + Math.round(months * 30.4)),
    hours,
    created_at: start === null ? daysAgo(now, 30) : daysAgo(now, Math.max(1, -start + 14)),
  }));
}
