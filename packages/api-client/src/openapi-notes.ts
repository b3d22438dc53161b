import type { RouteId } from './routes.js';

// Long route notes of the OpenAPI document, kept out of the route table: the client (and so the
// portal's bundle) carries the routes, not their documentation.

/**
 * How every DORA figure is computed, as the host's README says it too. The roll-up
 * (dora-rollup.ts) and the host's day derivation implement it.
 */
const DORA_DEFINITIONS = `Definitions (days are UTC calendar days; a range includes both ends):
- Deployment: a deployment with status "success" to environment "production", counted once, on the day it finished. Failed, cancelled and non-production deployments are not counted.
- Deployment frequency: deployments per bucket; the tier uses the median number of days with a deployment per week, per month (and, for 2021, per half-year) of the range, days without deployments included.
- Lead time for changes: per merged pull request, first commit (else opened, else merged) → finish of the first successful production deployment that shipped its merge commit; the figure is the lower median (DevLake) of the pull requests deployed in the range; non-positive lead times are dropped. Pull requests merged in the range but not deployed yet are counted as waiting.
- Change failure rate: deployments with at least one attributed incident ÷ deployments, over deployments finished in the range.
- Incident attribution: an explicit deployment reference first (rule "explicit"), else the latest successful production deployment of the project finished within the project's attribution window (default 7 days) before the incident opened (rule "window"). Incidents marked "not a change failure" are never attributed and are counted apart (excluded).
- Failed-deployment recovery time: lower median of opened → resolved, in hours, over attributed incidents resolved in the range.
- Rework rate: deployments that are hotfixes or ship a revert ÷ deployments (DORA's fifth metric since 2024; no tiers).
- Rounding: hours to 2 decimals, rates to 4, once, in one place; tiers are taken from the rounded figures, so a figure and its tier agree at a threshold.
- Tiers: by report year, DORA 2023 by default (lead time < 1 day / < 1 week / < 30 days; change failure rate ≤ 5 / 10 / 15 %; recovery < 1 h / < 1 day / < 1 week; deployment frequency ≥ 5 deployment days a week / ≥ 1 a week / ≥ 1 a month), DORA 2021 with \`benchmark=dora-2021\` (lead time < 1 h / < 1 week / < 180 days; change failure rate ≤ 15 / 20 / 30 %; recovery the same; deployment frequency ≥ 5 a week / ≥ 1 a month / ≥ 1 a half-year). Thresholds as Apache DevLake encodes them; a tier is a hint, not a grade.`;

const DORA_EVENT_LISTS = `Lists, per metric (the first is the default):
- deploymentFrequency: deployments — the deployments counted (successful, production, finished in the range).
- leadTimeForChanges: pullRequests — the median's sample (deployed in the range, positive lead time); waitingPullRequests — merged in the range, not deployed yet.
- changeFailureRate: deployments — the deployments counted, \`failed\` when at least one incident is attributed to it; incidents — every incident opened in the range with its attribution (explicit, window, none, or excluded as not a change failure).
- failedDeploymentRecoveryTime: incidents — the median's sample (attributed, resolved in the range).
- reworkRate: deployments — the deployments counted, \`rework\` when a hotfix or shipping a revert.
Rows, oldest first (ties by id), \`kind\` naming their shape:
- deployments: \`id\` (the store's), \`externalId\` (the sender's), \`source\`, \`repository\` ("owner/name", null when several or unknown), \`commitSha\`, \`finishedAt\`, \`hotfix\`, \`rework\` (a hotfix, or it shipped a revert), \`failed\` (at least one incident attributed to it) and \`incidents\` (how many).
- pullRequests: \`id\`, \`externalId\` (its number), \`repository\`, \`title\`, \`author\`, \`firstCommitAt\` (the lead time's start: first commit, else opened, else merged), \`mergedAt\`, \`deployment\` (the first production deployment that shipped it: id, externalId, finishedAt; null while waiting) and \`leadTimeHours\` (null while waiting).
- incidents: \`id\`, \`externalId\`, \`source\`, \`title\`, \`severity\`, \`openedAt\`, \`resolvedAt\`, \`recoveryHours\` (null while open), \`attribution\` ("explicit": the incident named its deployment; "window": the latest successful production deployment within the project's window before it opened; null: not attributed), \`excluded\` (marked not a change failure) and \`deployment\` (the one it is attributed to).
Paging: \`page\` and \`pageSize\` as asked, \`total\` rows in the whole list, \`nextPage\` (null on the last).
Counts agree with the figure: a list's \`total\` is the figure's count (deployments, changes, changesWaiting, incidents opened, incidents), and the flagged rows are its failed or rework deployments.`;

/** Appended to the description of a route's operation. */
export const ROUTE_NOTES: Partial<Record<RouteId, string>> = {
  dora: DORA_DEFINITIONS,
  doraEvents: `${DORA_EVENT_LISTS}\n\n${DORA_DEFINITIONS}`,
};
