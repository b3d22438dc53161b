// The /api contract of the client portal: schemas, route table, typed client, errors, OpenAPI.
// TanStack Query options live in "./queries", mocks in "./mocks", the contract test kit in "./contract-kit".
export { createApiClient } from './client.js';
export type { ApiClient, ApiClientOptions, CallOptions, DoraEventsPage, InitialAnswers } from './client.js';
export { isRequestError, RequestError, statusText } from './errors.js';
export type { RequestErrorKind, ResponseIssue } from './errors.js';
export { fillPath, routeIds, routes } from './routes.js';
export type { JsonRouteId, RouteId, Routes } from './routes.js';
export { CONTRACT_TAGS } from './route-types.js';
export type {
  AnyRoute,
  ErrorStatus,
  HttpMethod,
  JsonRoute,
  FileRoute,
  NoContentRoute,
  RedirectRoute,
  RouteAuth,
  RouteData,
} from './route-types.js';
export { createOpenApiDocument } from './openapi.js';
export {
  INGEST_TOKEN_PATTERN,
  ingestRefusal,
  ingestRefusalOf,
  MAX_INGEST_ERRORS,
} from './ingest-requests.js';
export type { IngestRefusal } from './ingest-requests.js';
export type { OpenApiDocument, OpenApiOptions } from './openapi.js';
export { visibleAnalyticsProjectKeys, visibleAnalyticsProjects } from './analytics-visibility.js';
export { ACTIVE_STAGE, countActiveDeals, lifecycleStageOf, serviceGroupOf } from './crm-rules.js';
export type { ServiceGroup } from './crm-rules.js';
export {
  changeFailureRateTier,
  DORA_2021,
  DORA_2023,
  DORA_THRESHOLDS,
  deploymentFrequencyTier,
  leadTimeTier,
  lowerMedian,
  overallTier,
  recoveryTimeTier,
  tierRules,
} from './dora-tiers.js';
export type { DeploymentDays, DoraThresholds, DoraTierRules } from './dora-tiers.js';
export {
  doraComparison,
  doraHeadline,
  doraMetrics,
  emptyDeliveryDay,
  performanceTier,
  previousRange,
  roundHours,
  roundRate,
} from './dora-rollup.js';
export type { DeliveryDay, DoraRollupInput } from './dora-rollup.js';
export {
  addDays,
  dateBuckets,
  dayNumber,
  dayOf,
  daysBetween,
  daysInMonth,
  DEFAULT_RANGE_DAYS,
  formatDay,
  isoWeekday,
  MAX_BUCKETS,
  MAX_RANGE_DAYS,
  parseDay,
  resolveAnalyticsRange,
  utcDay,
} from './analytics-range.js';
export type { DateBucket } from './analytics-range.js';
export { safeReturnTo } from './return-to.js';
export { contractRegistry } from './schemas/registry.js';
export * from './schemas/account-manager.js';
export * from './schemas/ai-usage.js';
export * from './schemas/analytics.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/crm.js';
export * from './schemas/documents.js';
export * from './schemas/dora.js';
export * from './schemas/dora-events.js';
export * from './schemas/github.js';
export * from './schemas/github-webhook.js';
export * from './schemas/knowledge-base.js';
export * from './schemas/profile.js';
export * from './schemas/projects.js';
export * from './schemas/request-rules.js';
export * from './schemas/sync-status.js';
export * from './schemas/talent.js';
export * from './schemas/teams.js';
