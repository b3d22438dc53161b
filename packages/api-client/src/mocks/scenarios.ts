import type { HttpHandler } from 'msw';
import { type RouteId, routeIds } from '../routes.js';
import { handlers, type MockOptions, type MockState, type MockStates } from './handlers.js';

const every = (state: MockState, except: MockStates = {}): MockStates => ({
  ...Object.fromEntries(routeIds.map((id) => [id, state])),
  ...except,
});

const ANALYTICS: readonly RouteId[] = [
  'projects',
  'analyticsProjects',
  'projectAnalytics',
  'githubOrganisations',
  'githubRepositories',
  'dora',
  'aiUsage',
];

/**
 * Whole-portal situations for stories and tests. Except for `signedOut`, the session succeeds, so
 * the frame renders and each panel shows its own state.
 */
export const SCENARIOS = {
  signedIn: {},
  signedOut: every('signedOut'),
  newCustomer: every('empty', { session: 'success' }),
  loading: every('loading', { session: 'success' }),
  slow: every('slow', { session: 'success' }),
  serverError: every('error', { session: 'success' }),
  offline: every('networkError', { session: 'success' }),
  malformed: every('malformed', { session: 'success' }),
  noAnalytics: Object.fromEntries(
    ANALYTICS.map((id) => [id, id === 'aiUsage' ? 'notFound' : 'empty']),
  ) as MockStates,
  partialAnalytics: {
    dora: 'error',
    aiUsage: 'notFound',
    githubRepositories: 'networkError',
    githubOrganisations: 'slow',
  },
} satisfies Record<string, MockStates>;

export type ScenarioName = keyof typeof SCENARIOS;

/** Handlers for a named scenario, with optional per-route overrides on top. */
export function scenario(
  name: ScenarioName,
  overrides: MockStates = {},
  options: MockOptions = {},
): HttpHandler[] {
  return handlers({ ...SCENARIOS[name], ...overrides }, options);
}
