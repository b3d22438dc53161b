import { DEMO_FIXTURES } from '../store/demo/index.js';

const { projectKey, projectId } = DEMO_FIXTURES;

/** One request per analytics route, for Acme's PORTAL project (the demo data set). */
export const ANALYTICS_ROUTES = [
  '/api/projects',
  '/api/analytics/projects',
  `/api/analytics/projects/${projectKey}`,
  `/api/github/organisations?projectId=${projectId}`,
  `/api/github/repositories?projectId=${projectId}`,
  `/api/analytics/dora?projectKey=${projectKey}`,
  `/api/agents/windsurf?jiraProjectKey=${projectKey}`,
];
