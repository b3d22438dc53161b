// bench/scale.mjs's data: a deterministic generator of delivery events for tiers S, M and L, as a
// provider's CI, GitHub and incident tool would send them to the ingestion API. Nothing in the
// events says which deployment shipped a pull request or caused an incident except what a real
// sender would (a deployment's commit, the commit order of pushes, an incident tool's explicit link
// for most incidents): the host derives the rest. Same tier, same events, on every machine.
import { createHash } from 'node:crypto';

/**
 * L is the tier (150 projects, 250k deployments, 1M pull requests, 10k incidents, ~1M AI
 * usage rows, the largest project 20k deployments); M and S are a tenth and a hundredth of it.
 */
export const TIERS = {
  S: { projects: 3, deployments: 2_500, changes: 10_000, incidents: 100, largest: 1_500 },
  M: { projects: 15, deployments: 25_000, changes: 100_000, incidents: 1_000, largest: 4_000 },
  L: { projects: 150, deployments: 250_000, changes: 1_000_000, incidents: 10_000, largest: 20_000 },
};

/** Projects per company (the largest project is the first of the first company). */
export const PROJECTS_PER_COMPANY = 5;
export const REPOSITORIES_PER_PROJECT = 3;
/** Three years of history, ending the day before NOW. */
export const HISTORY_DAYS = 1_095;
/** A fixed "now", so that a tier is the same data on every run. */
export const NOW = new Date('2026-11-01T00:00:00Z');
/** AI usage: the three tools, an aggregate row and two users' rows per tool and day (~1M rows at L). */
export const AI_TOOLS = ['windsurf', 'copilot', 'cursor'];
export const AI_ROWS_PER_TOOL_DAY = 2;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const START = NOW.getTime() - HISTORY_DAYS * DAY_MS;

/** mulberry32: a small, fast, seedable PRNG (deterministic across Node versions). */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    /** Log-normal around `median` (sigma in log space). */
    logNormal: (median, sigma) => {
      const u = Math.max(next(), 1e-12);
      const v = next();
      return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
    },
  };
}

const sha = (text) => createHash('sha1').update(text).digest('hex');

/** `total` split over `parts` with the first part `first` and the rest as even as possible. */
function split(total, parts, first) {
  const out = [first];
  const rest = total - first;
  for (let i = 1; i < parts; i++) {
    out.push(Math.floor(rest / (parts - 1)) + (i - 1 < rest % (parts - 1) ? 1 : 0));
  }
  return out;
}

/** The companies, projects and repositories of a tier (what the CRM and GitHub sync would write). */
export function tierLayout(tierName) {
  const tier = TIERS[tierName];
  if (!tier) throw new Error(`unknown tier "${tierName}" (S, M or L)`);
  const deployments = split(tier.deployments, tier.projects, tier.largest);
  // Pull requests and incidents in proportion to deployments, the totals exact.
  const share = (total) => {
    const out = deployments.map((d) => Math.floor((total * d) / tier.deployments));
    let missing = total - out.reduce((a, b) => a + b, 0);
    for (let i = out.length - 1; missing > 0; i--, missing--) out[i] += 1;
    return out;
  };
  const changes = share(tier.changes);
  const incidents = share(tier.incidents);
  const projects = deployments.map((count, i) => {
    const company = Math.floor(i / PROJECTS_PER_COMPANY);
    const companyId = `bench-co-${company}`;
    const projectId = `bench-p-${i}`;
    return {
      index: i,
      companyId,
      projectId,
      jiraKey: `P${i}`,
      repositories: Array.from(
        { length: REPOSITORIES_PER_PROJECT },
        (_, r) => `bench-org-${company}/p${i}-r${r}`,
      ),
      deployments: count,
      changes: changes[i],
      incidents: incidents[i],
    };
  });
  return { tier, projects, companies: [...new Set(projects.map((p) => p.companyId))] };
}

/**
 * One project's events, as the ingest functions take them: pushes (each repository's main branch,
 * a push a day with that day's merge commits), deployments (10 % staging; production 93 %
 * successful, 3 % of those hotfixes; each runs its repository's head when it finished), pull
 * requests (merged over the three years, lead times log-normal around a day, 1 % revert the one
 * before) and incidents (each after a successful production deployment; 70 % name it, 25 % are
 * found by the attribution window, 5 % are not change failures; the last days' may be open).
 */
export function projectEvents(project) {
  const rnd = random(0x5eed + project.index * 7919);
  const { repositories } = project;

  // Pull requests: merge times over the history, per repository in merge order.
  const merges = repositories.map(() => []);
  for (let i = 0; i < project.changes; i++) {
    const r = rnd.int(0, repositories.length - 1);
    merges[r].push(START + rnd.next() * (HISTORY_DAYS * DAY_MS - HOUR_MS));
  }
  const changes = [];
  const pushes = [];
  const heads = []; // per repository: [mergedAt ms, sha][] in order
  for (let r = 0; r < repositories.length; r++) {
    const repo = repositories[r];
    const times = merges[r].sort((a, b) => a - b);
    const first = sha(`${repo}:root`);
    const order = [];
    pushes.push({ repository: repo, ref: 'main', commits: [first] });
    let head = first;
    let day = -1;
    let commits = [];
    const flush = () => {
      if (commits.length === 0) return;
      pushes.push({ repository: repo, ref: 'main', before: head, commits });
      head = commits[commits.length - 1];
      commits = [];
    };
    times.forEach((mergedAt, n) => {
      const number = n + 1;
      const mergeCommitSha = sha(`${repo}#${number}`);
      const lead = Math.max(0.25, rnd.logNormal(24, 0.9)) * HOUR_MS;
      const revert = number > 1 && rnd.chance(0.01);
      changes.push({
        externalId: String(number),
        repository: repo,
        title: revert ? `Revert #${number - 1}` : `Change ${number} of ${repo}`,
        author: `dev-${rnd.int(1, 12)}`,
        firstCommitAt: new Date(mergedAt - lead).toISOString(),
        openedAt: new Date(mergedAt - lead * 0.6).toISOString(),
        mergedAt: new Date(mergedAt).toISOString(),
        mergeCommitSha,
        baseRef: 'main',
        ...(revert ? { revertsExternalId: String(number - 1) } : {}),
      });
      const d = Math.floor(mergedAt / DAY_MS);
      if (d !== day) {
        flush();
        day = d;
      }
      commits.push(mergeCommitSha);
      if (commits.length === 1000) flush();
      order.push([mergedAt, mergeCommitSha]);
    });
    flush();
    heads.push({ first, order });
  }

  // Deployments: finish times over the history; each runs its repository's head at that time.
  const times = Array.from(
    { length: project.deployments },
    () => START + rnd.next() * HISTORY_DAYS * DAY_MS,
  ).sort((a, b) => a - b);
  const cursor = repositories.map(() => 0);
  const deployments = [];
  const shipped = []; // successful production deployments: [externalId, finishedAt ms]
  times.forEach((finishedAt, n) => {
    const r = rnd.int(0, repositories.length - 1);
    const { first, order } = heads[r];
    while (cursor[r] < order.length && order[cursor[r]][0] <= finishedAt) cursor[r] += 1;
    const commitSha = cursor[r] === 0 ? first : order[cursor[r] - 1][1];
    const staging = rnd.chance(0.1);
    const success = staging || rnd.chance(0.93);
    const externalId = `${project.jiraKey.toLowerCase()}-${n + 1}`;
    deployments.push({
      externalId,
      environment: staging ? 'staging' : 'production',
      status: success ? 'success' : 'failure',
      startedAt: new Date(finishedAt - rnd.int(4, 30) * 60_000).toISOString(),
      finishedAt: new Date(finishedAt).toISOString(),
      repository: repositories[r],
      commitSha,
      ref: 'main',
      isHotfix: !staging && success && rnd.chance(0.03),
    });
    if (!staging && success) shipped.push([externalId, finishedAt]);
  });

  const incidents = [];
  for (let i = 0; i < project.incidents && shipped.length > 0; i++) {
    const [deployment, finishedAt] = shipped[rnd.int(0, shipped.length - 1)];
    const openedAt = Math.min(finishedAt + rnd.logNormal(2, 0.8) * HOUR_MS, NOW.getTime() - HOUR_MS);
    const resolvedAt = openedAt + rnd.logNormal(6, 1) * HOUR_MS;
    const kind = rnd.next();
    incidents.push({
      externalId: `${project.jiraKey}-${i + 1}`,
      title: `Incident ${i + 1}`,
      severity: rnd.chance(0.2) ? 'SEV1' : 'SEV3',
      openedAt: new Date(openedAt).toISOString(),
      resolvedAt: resolvedAt >= NOW.getTime() ? null : new Date(resolvedAt).toISOString(),
      ...(kind < 0.7 ? { deploymentExternalId: deployment } : {}),
      ...(kind >= 0.95 ? { notChangeFailure: true } : {}),
    });
  }
  return { pushes, deployments, changes, incidents };
}
