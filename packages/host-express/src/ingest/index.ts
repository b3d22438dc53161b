// Delivery events in: pure store functions (no HTTP) that validate, store and link deployments,
// pull requests, incidents and pushes, one transaction per batch. The routes (routes/ingest.ts,
// routes/webhooks-github.ts) and the demo seed call them.
export { IngestRejected } from './batch.js';
export type { IngestOptions, IngestScope } from './batch.js';
export { branchOf, ingestPushes } from './pushes.js';
export { ingestChanges } from './changes.js';
export { ingestDeployments } from './deployments.js';
export { ingestIncidents } from './incidents.js';
export { rederiveCompany } from './rules.js';
