import type { NewRow } from '../schema.js';
import { ACME, GLOBEX } from './crm.js';
import { daysAgo } from './time.js';

type OrgPlan = [id: string, company: string, project: string, login: string, name: string];

const ORGANISATIONS: OrgPlan[] = [
  ['gh-org-acme-corp', ACME, 'acme-portal', 'acme-corp', 'Acme Corporation'],
  ['gh-org-acme-labs', ACME, 'acme-route', 'acme-labs', 'Acme Labs'],
  ['gh-org-globex', GLOBEX, 'globex-shop', 'globex-digital', 'Globex Digital'],
];

type RepoPlan = [
  id: string,
  org: string,
  project: string | null,
  name: string,
  description: string,
  language: string,
  visibility: 'public' | 'private' | 'internal',
  archived: boolean,
  pushedDaysAgo: number,
];

/** Repositories per project: the project's id decides which deployments and changes land where. */
const REPOSITORIES: RepoPlan[] = [
  [
    'gh-repo-portal-web',
    'gh-org-acme-corp',
    'acme-portal',
    'portal-web',
    'Customer portal single-page app',
    'TypeScript',
    'private',
    false,
    0,
  ],
  [
    'gh-repo-portal-api',
    'gh-org-acme-corp',
    'acme-portal',
    'portal-api',
    'Portal API and integrations',
    'TypeScript',
    'private',
    false,
    1,
  ],
  [
    'gh-repo-design-system',
    'gh-org-acme-corp',
    'acme-portal',
    'design-system',
    'Acme design tokens and components',
    'TypeScript',
    'public',
    false,
    6,
  ],
  [
    'gh-repo-fleet',
    'gh-org-acme-corp',
    'acme-fleet',
    'fleet-telemetry',
    'Vehicle telemetry ingestion',
    'Rust',
    'internal',
    false,
    12,
  ],
  [
    'gh-repo-billing',
    'gh-org-acme-corp',
    'acme-billing',
    'legacy-billing',
    'Billing system (maintenance only)',
    'PHP',
    'private',
    true,
    400,
  ],
  [
    'gh-repo-route-engine',
    'gh-org-acme-labs',
    'acme-route',
    'route-engine',
    'Route optimisation service',
    'Go',
    'private',
    false,
    2,
  ],
  [
    'gh-repo-route-ml',
    'gh-org-acme-labs',
    'acme-route',
    'route-ml',
    'Demand forecasting models',
    'Python',
    'private',
    false,
    4,
  ],
  [
    'gh-repo-storefront',
    'gh-org-globex',
    'globex-shop',
    'storefront',
    'Storefront web app',
    'TypeScript',
    'private',
    false,
    0,
  ],
  [
    'gh-repo-checkout',
    'gh-org-globex',
    'globex-shop',
    'checkout-service',
    'Checkout and payments',
    'Kotlin',
    'private',
    false,
    3,
  ],
  [
    'gh-repo-globex-infra',
    'gh-org-globex',
    'globex-shop',
    'infrastructure',
    'Terraform for the storefront',
    'HCL',
    'internal',
    false,
    9,
  ],
];

const ORG_OF = new Map(ORGANISATIONS.map((org) => [org[0], org]));

export function githubOrganisations(): NewRow<'github_organisations'>[] {
  return ORGANISATIONS.map(([id, company, project, login, name]) => ({
    id,
    company_id: company,
    project_id: project,
    login,
    name,
    avatar_url: `https://github.com/${login}.png`,
    url: `https://github.com/${login}`,
  }));
}

export function githubRepositories(now: Date): NewRow<'github_repositories'>[] {
  return REPOSITORIES.map(
    ([id, orgId, project, name, description, language, visibility, archived, pushed], i) => {
      const org = ORG_OF.get(orgId);
      if (!org) throw new Error(`unknown organisation ${orgId}`);
      return {
        id,
        company_id: org[1],
        organisation_id: orgId,
        project_id: project,
        name,
        full_name: `${org[3]}/${name}`,
        description,
        url: `https://github.com/${org[3]}/${name}`,
        default_branch: 'main',
        language,
        visibility,
        archived,
        stars: visibility === 'public' ? 40 + i * 7 : i,
        open_pull_requests: archived ? 0 : (i * 3) % 7,
        pushed_at: daysAgo(now, pushed, 15),
      };
    },
  );
}

/** Full names ("owner/name") of a project's active repositories (deployments and changes are spread over them). */
export function repositoriesOf(projectId: string): string[] {
  return REPOSITORIES.filter((repo) => repo[2] === projectId && !repo[7]).map(
    (repo) => `${ORG_OF.get(repo[1])?.[3]}/${repo[3]}`,
  );
}
