import type { RouteId } from '../routes.js';
import type { CheckSpec } from './checks.js';

/** A valid event of each ingest route: refused without a token whatever it says. */
const INGEST_BATCHES: Record<
  'ingestDeployments' | 'ingestChanges' | 'ingestIncidents' | 'ingestPushes',
  unknown
> = {
  ingestDeployments: {
    events: [
      {
        externalId: 'contract-check',
        environment: 'production',
        status: 'success',
        finishedAt: '2025-01-01T00:00:00Z',
      },
    ],
  },
  ingestChanges: { events: [{ externalId: 'contract-check', repository: 'contract/check' }] },
  ingestIncidents: { events: [{ externalId: 'contract-check', openedAt: '2025-01-01T00:00:00Z' }] },
  ingestPushes: { events: [{ repository: 'contract/check', ref: 'main', commits: ['0000000'] }] },
};

/**
 * The machine routes take no session: without their own credentials (an ingest token, a GitHub
 * signature) they answer 401 and store nothing, even for a signed-in caller. Nothing here holds a
 * valid credential, so no check writes to the backend.
 */
export function machineRefusals(): CheckSpec[] {
  const unknownToken = `cpi_${'0'.repeat(16)}_${'0'.repeat(64)}`;
  const checks: CheckSpec[] = [];
  for (const [routeId, body] of Object.entries(INGEST_BATCHES) as [RouteId, unknown][]) {
    checks.push(
      { name: `${routeId}: 401 without a token`, routeId, signedIn: false, body, expect: [401] },
      { name: `${routeId}: a session is not a token → 401`, routeId, signedIn: true, body, expect: [401] },
      {
        name: `${routeId}: unknown token → 401`,
        routeId,
        signedIn: false,
        headers: { authorization: `Bearer ${unknownToken}` },
        body,
        expect: [401],
      },
    );
  }
  const delivery = {
    'x-github-event': 'ping',
    'x-github-delivery': 'contract-check',
    'x-github-hook-installation-target-type': 'repository',
    'x-github-hook-installation-target-id': '1',
  };
  checks.push(
    {
      name: 'githubWebhook: unsigned → 401',
      routeId: 'githubWebhook',
      signedIn: true,
      headers: delivery,
      body: { zen: 'contract check' },
      expect: [401],
    },
    {
      name: 'githubWebhook: wrong signature → 401',
      routeId: 'githubWebhook',
      signedIn: false,
      headers: { ...delivery, 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      body: { zen: 'contract check' },
      expect: [401],
    },
  );
  return checks;
}
