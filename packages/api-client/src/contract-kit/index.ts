// Contract test kit: checks a running backend (our host, or a provider's own) against the /api contract.
export type { ContractFixtures } from './checks.js';
export { formatContractReport } from './report.js';
export { runContractChecks } from './run.js';
export type { ContractCheckOptions, ContractCheckResult, ContractReport } from './run.js';
