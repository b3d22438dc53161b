import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import { TEST_NOW } from '../test-support/host.js';
import { useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';
import {
  checkIngestToken,
  createIngestToken,
  LAST_USED_EVERY_MS,
  listIngestTokens,
  revokeIngestToken,
} from './tokens.js';

const ACME = { companyId: DEMO_FIXTURES.companyId, projectId: DEMO_FIXTURES.projectId };
const later = (ms: number) => new Date(TEST_NOW.getTime() + ms);

describe.each(featureStores)('ingest tokens on $name', (kind) => {
  const demo = useDemoHost(kind);
  const db = () => demo.store.db;

  it('is shown once and stored as the SHA-256 of its secret only', async () => {
    const { id, token } = await createIngestToken(db(), { ...ACME, name: 'CI' }, TEST_NOW);
    expect(token).toMatch(new RegExp(`^cpi_${id}_[0-9a-f]{64}$`));
    const row = await db()
      .selectFrom('ingest_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const secret = token.split('_')[2]!;
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row).toMatchObject({ company_id: ACME.companyId, project_id: ACME.projectId, name: 'CI' });
  });

  it('decides the scope, and refuses missing, malformed, unknown, wrong-secret and revoked tokens', async () => {
    const { id, token } = await createIngestToken(db(), { ...ACME, name: 'checks' }, TEST_NOW);
    expect(await checkIngestToken(db(), `Bearer ${token}`, TEST_NOW)).toEqual({
      ok: true,
      tokenId: id,
      scope: ACME,
    });
    expect(await checkIngestToken(db(), `bearer   ${token}`, TEST_NOW)).toMatchObject({ ok: true });
    const wrongSecret = `cpi_${id}_${'0'.repeat(64)}`;
    const unknownId = token.replace(id, 'f'.repeat(16));
    const cases: [string | undefined, string][] = [
      [undefined, 'missing'],
      ['', 'missing'],
      [token, 'malformed'],
      [`Basic ${token}`, 'malformed'],
      [`Bearer ${token} extra`, 'malformed'],
      [`Bearer ${token.toUpperCase()}`, 'malformed'],
      [`Bearer ${unknownId}`, 'unknown'],
      [`Bearer ${wrongSecret}`, 'unknown'],
    ];
    for (const [header, reason] of cases) {
      expect({ header, check: await checkIngestToken(db(), header, TEST_NOW) }).toEqual({
        header,
        check: { ok: false, reason },
      });
    }
    expect(await revokeIngestToken(db(), id, TEST_NOW)).toBe(true);
    expect(await revokeIngestToken(db(), id, TEST_NOW)).toBe(false);
    expect(await checkIngestToken(db(), `Bearer ${token}`, TEST_NOW)).toEqual({
      ok: false,
      reason: 'revoked',
    });
  });

  it('stamps last_used_at at most once a minute', async () => {
    const { id, token } = await createIngestToken(db(), { ...ACME, name: 'stamps' }, TEST_NOW);
    const lastUsed = async () =>
      (
        await db()
          .selectFrom('ingest_tokens')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await checkIngestToken(db(), `Bearer ${token}`, TEST_NOW);
    expect(await lastUsed()).toEqual(TEST_NOW);
    await checkIngestToken(db(), `Bearer ${token}`, later(LAST_USED_EVERY_MS - 1));
    expect(await lastUsed()).toEqual(TEST_NOW);
    await checkIngestToken(db(), `Bearer ${token}`, later(LAST_USED_EVERY_MS));
    expect(await lastUsed()).toEqual(later(LAST_USED_EVERY_MS));
  });

  it('lists the tokens of every company, or one, never a secret', async () => {
    const globex = { companyId: DEMO_FIXTURES.foreign.companyId, projectId: DEMO_FIXTURES.foreign.projectId };
    const { id } = await createIngestToken(db(), { ...globex, name: 'Globex CI' }, later(1000));
    const all = await listIngestTokens(db());
    expect(all[0]).toMatchObject({ id, companyId: globex.companyId, projectKey: 'SHOP', name: 'Globex CI' });
    expect(JSON.stringify(all)).not.toMatch(/secret|hash/);
    const acme = await listIngestTokens(db(), ACME.companyId);
    expect(acme.length).toBeGreaterThan(0);
    expect(acme.every((t) => t.companyId === ACME.companyId && t.projectKey === 'PORTAL')).toBe(true);
  });
});
