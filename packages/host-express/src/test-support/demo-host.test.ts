import { describe, expect, it } from 'vitest';
import { ACME_USER, GLOBEX_USER, useDemoHost } from './demo-host.js';
import { testStores } from './stores.js';

describe.each(testStores)('demo host on $name', (kind) => {
  const demo = useDemoHost(kind);

  it('signs the demo users in, each into their own company', async () => {
    const acme = await demo.signIn(ACME_USER);
    const globex = await demo.signIn(GLOBEX_USER);
    expect(acme).not.toBe(globex);
    const me = await demo.get('/api/auth/me', acme).expect(200);
    expect(me.body.email).toBe(ACME_USER);
    await demo.get('/api/auth/me').expect(204);
  });
});
