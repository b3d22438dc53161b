import type { NewRow } from '../schema.js';
import { ACME, GLOBEX } from './crm.js';
import { repositoriesOf } from './github.js';
import { demoRandom } from './random.js';
import { githubLogin } from './talent.js';
import { addHours, daysAgo } from './time.js';

/** How a project delivers; the numbers put each project in a different DORA tier. */
interface DeliveryProfile {
  companyId: string;
  projectId: string;
  jiraKey: string;
  deploysPerWorkday: number;
  successRate: number;
  leadTimeHours: number;
  changeFailureRate: number;
  recoveryHours: number;
  /** Talent numbers (t-NN) who author the changes. */
  authors: number[];
}

const PROFILES: DeliveryProfile[] = [
  // Elite/high: several deploys a day, lead time under a day, quick recovery.
  {
    companyId: ACME,
    projectId: 'acme-portal',
    jiraKey: 'PORTAL',
    deploysPerWorkday: 2.2,
    successRate: 0.95,
    leadTimeHours: 18,
    changeFailureRate: 0.05,
    recoveryHours: 2,
    authors: [1, 2, 3, 4, 9],
  },
  // Medium: a few deploys a week, lead time of days.
  {
    companyId: ACME,
    projectId: 'acme-route',
    jiraKey: 'ROUTE',
    deploysPerWorkday: 0.6,
    successRate: 0.9,
    leadTimeHours: 90,
    changeFailureRate: 0.13,
    recoveryHours: 18,
    authors: [5, 6, 7, 10],
  },
  // Low: monthly-ish deploys (analytics only, not a CRM project).
  {
    companyId: ACME,
    projectId: 'acme-fleet',
    jiraKey: 'FLEET',
    deploysPerWorkday: 0.12,
    successRate: 0.85,
    leadTimeHours: 420,
    changeFailureRate: 0.25,
    recoveryHours: 110,
    authors: [12, 16],
  },
  {
    companyId: GLOBEX,
    projectId: 'globex-shop',
    jiraKey: 'SHOP',
    deploysPerWorkday: 1.1,
    successRate: 0.93,
    leadTimeHours: 40,
    changeFailureRate: 0.09,
    recoveryHours: 7,
    authors: [13, 14, 15, 16, 18],
  },
];

const HISTORY_DAYS = 365;

const CHANGE_TITLES = [
  'Add %s filters',
  'Fix %s pagination',
  'Refactor %s service',
  'Improve %s error messages',
  'Speed up %s queries',
  'Update %s dependencies',
  'Add tests for %s',
  'Handle empty %s state',
];
const AREAS = [
  'billing',
  'search',
  'profile',
  'reporting',
  'auth',
  'checkout',
  'routing',
  'notifications',
  'export',
];
const INCIDENT_TITLES = [
  'Elevated error rate after release',
  'Checkout latency above SLO',
  'Login failures for some users',
  'Background jobs stuck',
  'Missing data in nightly export',
  'Memory leak in API pods',
];

export interface DeliveryPlan {
  deployments: NewRow<'deployments'>[];
  /** `deploymentRef` is the external id of the deployment that shipped the change (null: not deployed). */
  changes: { row: NewRow<'code_changes'>; deploymentRef: string | null }[];
  incidents: { row: NewRow<'incidents'>; deploymentRef: string | null }[];
}

/**
 * Twelve months of deployments, pull requests and incidents per analytics project, ending
 * yesterday. Ids of deployments are assigned by the database; changes and incidents refer to a
 * deployment by its external id until then.
 */
export function deliveryPlan(now: Date): DeliveryPlan {
  const plan: DeliveryPlan = { deployments: [], changes: [], incidents: [] };
  for (const profile of PROFILES) planProject(plan, profile, now);
  return plan;
}

function planProject(plan: DeliveryPlan, p: DeliveryProfile, now: Date): void {
  const random = demoRandom(`delivery:${p.projectId}`);
  const repos = repositoriesOf(p.projectId);
  const prNumbers = new Map(repos.map((repo, i) => [repo, 100 + i * 1000]));
  let deploySeq = 0;
  let incidentSeq = 100;
  const base = { company_id: p.companyId, project_id: p.projectId };

  const change = (repo: string, deployedAt: Date | null, mergedAt: Date, deploymentRef: string | null) => {
    const number = (prNumbers.get(repo) ?? 0) + 1;
    prNumbers.set(repo, number);
    const lead = Math.max(0.5, random.logNormal(p.leadTimeHours, 0.7));
    const end = deployedAt ?? mergedAt;
    const firstCommitAt = addHours(end, -lead);
    const openedAt = addHours(firstCommitAt, lead * 0.35);
    const firstReviewAt = addHours(openedAt, lead * 0.15);
    plan.changes.push({
      deploymentRef,
      row: {
        ...base,
        repository_id: repo,
        kind: 'pr',
        external_id: String(number),
        title: random.pick(CHANGE_TITLES).replace('%s', random.pick(AREAS)),
        author: githubLogin(random.pick(p.authors)),
        first_commit_at: firstCommitAt,
        opened_at: openedAt,
        first_review_at: firstReviewAt,
        merged_at: deployedAt ? addHours(deployedAt, -lead * 0.2) : mergedAt,
        merge_commit_sha: sha(random),
        deployed_at: deployedAt,
      },
    });
  };

  for (let day = HISTORY_DAYS; day >= 1; day--) {
    const date = daysAgo(now, day, 0);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    const count = random.poisson(p.deploysPerWorkday * (weekend ? 0.1 : 1));
    for (let i = 0; i < count; i++) {
      const finishedAt = addHours(date, random.int(8, 19) + random.next());
      const repo = random.pick(repos);
      const success = random.chance(p.successRate);
      const externalId = `${p.jiraKey.toLowerCase()}-${++deploySeq}`;
      if (random.chance(0.4)) {
        plan.deployments.push({
          ...base,
          repository_id: repo,
          source: 'github_actions',
          external_id: `${externalId}-staging`,
          environment: 'staging',
          status: 'success',
          started_at: addHours(finishedAt, -2.2),
          finished_at: addHours(finishedAt, -2),
          commit_sha: sha(random),
        });
      }
      plan.deployments.push({
        ...base,
        repository_id: repo,
        source: 'github_actions',
        external_id: externalId,
        environment: 'production',
        status: success ? 'success' : 'failure',
        started_at: addHours(finishedAt, -random.int(4, 25) / 60),
        finished_at: finishedAt,
        commit_sha: sha(random),
        is_hotfix: success && random.chance(0.04),
      });
      if (!success) continue;
      const changes = 1 + random.poisson(1.3);
      for (let c = 0; c < changes; c++) change(repo, finishedAt, finishedAt, externalId);
      if (random.chance(p.changeFailureRate)) {
        const openedAt = addHours(finishedAt, random.logNormal(1.5, 0.8));
        const resolvedAt = addHours(openedAt, random.logNormal(p.recoveryHours, 0.8));
        if (openedAt.getTime() >= now.getTime()) continue;
        plan.incidents.push({
          deploymentRef: externalId,
          row: {
            ...base,
            source: 'jira',
            external_id: `${p.jiraKey}-${++incidentSeq}`,
            title: random.pick(INCIDENT_TITLES),
            severity: random.pick(['SEV1', 'SEV2', 'SEV2', 'SEV3', 'SEV3', 'SEV3']),
            opened_at: openedAt,
            // An incident of the last two days may still be open.
            resolved_at:
              resolvedAt.getTime() > now.getTime() || (day <= 2 && random.chance(0.5)) ? null : resolvedAt,
            attribution: random.chance(0.7) ? 'explicit' : 'time_window',
          },
        });
      }
    }
    // Incidents no deployment caused (infrastructure, third parties): not change failures.
    if (random.chance(0.03)) {
      const openedAt = addHours(date, random.int(0, 23));
      plan.incidents.push({
        deploymentRef: null,
        row: {
          ...base,
          source: 'jira',
          external_id: `${p.jiraKey}-${++incidentSeq}`,
          title: 'Upstream provider outage',
          severity: 'SEV3',
          opened_at: openedAt,
          resolved_at: addHours(openedAt, random.logNormal(3, 0.5)),
          attribution: null,
        },
      });
    }
  }
  // Merged in the last days, not deployed yet.
  for (let i = random.int(1, 3); i > 0; i--) {
    change(random.pick(repos), null, addHours(now, -random.int(2, 40)), null);
  }
}

function sha(random: ReturnType<typeof demoRandom>): string {
  let out = '';
  while (out.length < 40)
    out += Math.floor(random.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, 40);
}
