// Mock data and MSW handlers for Storybook, unit tests and the host's tests: one source of mocks.
export { createPortalFixtures, FIXTURE_NOW } from './fixtures/portal.js';
export type { ContractFixtureIds, FixtureOptions, PortalFixtures } from './fixtures/portal.js';
export { DEMO_CREDENTIALS, ELIGIBLE_LIFECYCLE_STAGE } from './fixtures/company.js';
export { doraMetricsFromHistory, generateDeliveryHistory } from './fixtures/dora.js';
export type { DeliveryDay, DeliveryProfile } from './fixtures/dora.js';
export { createMockFetch, handlers, MOCK_STATES, routeHandler } from './handlers.js';
export type { MockOptions, MockState, MockStates } from './handlers.js';
export { SCENARIOS, scenario } from './scenarios.js';
export type { ScenarioName } from './scenarios.js';
export { createRandom } from './random.js';
export type { Random } from './random.js';
