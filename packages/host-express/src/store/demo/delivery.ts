import type {
  ChangeEvent,
  DeploymentEvent,
  IncidentEvent,
  PushEvent,
} from '@client-portal/api-client/ingest';
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

/** One project's delivery events, as its CI, GitHub and incident tool would send them. */
export interface ProjectDeliveryPlan {
  companyId: string;
  projectId: string;
  /** The order of commits on each repository's main branch, oldest first. */
  pushes: PushEvent[];
  deployments: DeploymentEvent[];
  changes: ChangeEvent[];
  incidents: IncidentEvent[];
}

/** The sources the demo's events come from (the `source` of their rows). */
export const DEMO_SOURCES = {
  pushes: 'github',
  deployments: 'github_actions',
  changes: 'github',
  incidents: 'jira',
} as const;

export type DeliveryPlan = ProjectDeliveryPlan[];

/**
 * Twelve months of deployments, pull requests, pushes and incidents per analytics project, ending
 * yesterday, as events for the ingest functions: nothing in them says which deployment shipped a
 * pull request or caused an incident except what a real sender would (a deployment's commit, an
 * incident tool's explicit link for most incidents); the seed derives the rest like any ingest.
 */
export function deliveryPlan(now: Date): DeliveryPlan {
  return PROFILES.map((profile) => planProject(profile, now));
}

interface Merge {
  repo: string;
  sha: string;
  mergedAt: Date;
}

function planProject(p: DeliveryProfile, now: Date): ProjectDeliveryPlan {
  const random = demoRandom(`delivery:${p.projectId}`);
  const repos = repositoriesOf(p.projectId);
  const prNumbers = new Map(repos.map((repo, i) => [repo, 100 + i * 1000]));
  const plan: ProjectDeliveryPlan = {
    companyId: p.companyId,
    projectId: p.projectId,
    pushes: [],
    deployments: [],
    changes: [],
    incidents: [],
  };
  const merges: Merge[] = [];
  /** Deployments get the head of their repository's main branch when they finished; filled in below. */
  const deployedRepo = new Map<DeploymentEvent, string>();
  let deploySeq = 0;
  let incidentSeq = 100;

  const change = (repo: string, shippedAt: Date | null, mergedAt: Date) => {
    const number = (prNumbers.get(repo) ?? 0) + 1;
    prNumbers.set(repo, number);
    const lead = Math.max(0.5, random.logNormal(p.leadTimeHours, 0.7));
    const end = shippedAt ?? mergedAt;
    const firstCommitAt = addHours(end, -lead);
    const openedAt = addHours(firstCommitAt, lead * 0.35);
    const merged = shippedAt ? addHours(shippedAt, -lead * 0.2) : mergedAt;
    const mergeCommitSha = sha(random);
    const title = random.pick(CHANGE_TITLES).replace('%s', random.pick(AREAS));
    // Now and then a pull request reverts the one before it in the same repository.
    const revert = number % 1000 > 101 && random.chance(0.03);
    plan.changes.push({
      externalId: String(number),
      repository: repo,
      title: revert ? `Revert #${number - 1}` : title,
      author: githubLogin(random.pick(p.authors)),
      firstCommitAt: firstCommitAt.toISOString(),
      openedAt: openedAt.toISOString(),
      mergedAt: merged.toISOString(),
      mergeCommitSha,
      baseRef: 'main',
      ...(revert ? { revertsExternalId: String(number - 1) } : {}),
    });
    merges.push({ repo, sha: mergeCommitSha, mergedAt: merged });
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
        const staging: DeploymentEvent = {
          externalId: `${externalId}-staging`,
          environment: 'staging',
          status: 'success',
          startedAt: addHours(finishedAt, -2.2).toISOString(),
          finishedAt: addHours(finishedAt, -2).toISOString(),
          repository: repo,
          ref: 'main',
        };
        plan.deployments.push(staging);
        deployedRepo.set(staging, repo);
      }
      const production: DeploymentEvent = {
        externalId,
        environment: 'production',
        status: success ? 'success' : 'failure',
        startedAt: addHours(finishedAt, -random.int(4, 25) / 60).toISOString(),
        finishedAt: finishedAt.toISOString(),
        repository: repo,
        ref: 'main',
        isHotfix: success && random.chance(0.04),
      };
      plan.deployments.push(production);
      deployedRepo.set(production, repo);
      if (!success) continue;
      const changes = 1 + random.poisson(1.3);
      for (let c = 0; c < changes; c++) change(repo, finishedAt, finishedAt);
      if (random.chance(p.changeFailureRate)) {
        const openedAt = addHours(finishedAt, random.logNormal(1.5, 0.8));
        const resolvedAt = addHours(openedAt, random.logNormal(p.recoveryHours, 0.8));
        if (openedAt.getTime() >= now.getTime()) continue;
        // An incident of the last two days may still be open.
        const open = resolvedAt.getTime() > now.getTime() || (day <= 2 && random.chance(0.5));
        plan.incidents.push({
          externalId: `${p.jiraKey}-${++incidentSeq}`,
          title: random.pick(INCIDENT_TITLES),
          severity: random.pick(['SEV1', 'SEV2', 'SEV2', 'SEV3', 'SEV3', 'SEV3']),
          openedAt: openedAt.toISOString(),
          resolvedAt: open ? null : resolvedAt.toISOString(),
          // Most incidents name the release that caused them; the others are found by the window.
          ...(random.chance(0.7) ? { deploymentExternalId: externalId } : {}),
        });
      }
    }
    // Incidents no deployment caused (infrastructure, third parties): not change failures.
    if (random.chance(0.03)) {
      const openedAt = addHours(date, random.int(0, 23));
      plan.incidents.push({
        externalId: `${p.jiraKey}-${++incidentSeq}`,
        title: 'Upstream provider outage',
        severity: 'SEV3',
        openedAt: openedAt.toISOString(),
        resolvedAt: addHours(openedAt, random.logNormal(3, 0.5)).toISOString(),
        notChangeFailure: true,
      });
    }
  }
  // Merged in the last days, after the last deployments of their repositories.
  for (let i = random.int(1, 3); i > 0; i--) {
    change(random.pick(repos), null, addHours(now, -random.int(2, 40)));
  }

  // Each repository's main branch: a first commit, then the merge commits in merge order, pushed a
  // day at a time; every deployment runs the branch's head at its finish.
  for (const repo of repos) {
    const ordered = merges
      .filter((m) => m.repo === repo)
      .sort((a, b) => a.mergedAt.getTime() - b.mergedAt.getTime());
    const first = sha(random);
    let head = first;
    plan.pushes.push({ repository: repo, ref: 'main', commits: [first] });
    for (let i = 0; i < ordered.length; ) {
      const day = ordered[i]?.mergedAt.toISOString().slice(0, 10);
      const commits: string[] = [];
      while (i < ordered.length && ordered[i]?.mergedAt.toISOString().slice(0, 10) === day) {
        commits.push((ordered[i] as Merge).sha);
        i++;
      }
      plan.pushes.push({ repository: repo, ref: 'main', before: head, commits });
      head = commits[commits.length - 1] as string;
    }
    const heads = ordered.map((m) => [m.mergedAt.getTime(), m.sha] as const);
    for (const [deployment, deployed] of deployedRepo) {
      if (deployed !== repo) continue;
      const finished = Date.parse(deployment.finishedAt);
      let commit = first;
      for (const [mergedAt, merge] of heads) {
        if (mergedAt > finished) break;
        commit = merge;
      }
      deployment.commitSha = commit;
    }
  }
  return plan;
}

function sha(random: ReturnType<typeof demoRandom>): string {
  let out = '';
  while (out.length < 40)
    out += Math.floor(random.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, 40);
}
