// `initialAnswers`: the answers a page arrived with stand in for the first matching calls, once, and
// only where that cannot change what the caller gets.
import { describe, expect, it } from 'vitest';
import { createApiClient, type InitialAnswers } from './client.js';
import { createPortalFixtures } from './mocks/fixtures/portal.js';

const fixtures = createPortalFixtures();

/** A client whose network is a recorder answering 200 `{}`-ish bodies per path. */
function clientWith(initialAnswers: InitialAnswers) {
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    sent.push(`${request.method} ${url.pathname}${url.search}`);
    const body =
      url.pathname === '/api/auth/me' ? { ...fixtures.user, name: 'From the network' } : fixtures.profile;
    return Response.json(body);
  };
  return {
    client: createApiClient({ baseUrl: 'http://portal.test', fetch, retryLimit: 0, initialAnswers }),
    sent,
  };
}

describe('answers the page arrived with', () => {
  it('answer the first matching call without the network, then the network answers', async () => {
    const { client, sent } = clientWith({
      answers: { 'GET /api/auth/me': { status: 200, body: fixtures.user } },
    });
    expect(await client.getSession()).toEqual(fixtures.user);
    expect(sent).toEqual([]);
    expect((await client.getSession())?.name).toBe('From the network');
    expect(sent).toEqual(['GET /api/auth/me']);
  });

  it("answer a route's null status (no session) with null", async () => {
    const { client, sent } = clientWith({ answers: { 'GET /api/auth/me': { status: 204 } } });
    expect(await client.getSession()).toBeNull();
    expect(sent).toEqual([]);
  });

  it('serve the reads a POST makes when the host ignores its body (profile), not other POSTs', async () => {
    const { client, sent } = clientWith({
      answers: {
        'POST /api/profile': { status: 200, body: fixtures.profile },
        'POST /api/create-signed-url': { status: 200, body: { url: 'https://files.test/x' } },
      },
    });
    expect(await client.getProfile({ user: fixtures.user })).toEqual(fixtures.profile);
    expect(sent).toEqual([]);
    await client.createSignedUrl('file-1').catch(() => undefined);
    expect(sent).toEqual(['POST /api/create-signed-url']);
  });

  it('match the query exactly: another query goes to the network', async () => {
    const { client, sent } = clientWith({
      answers: { 'GET /api/knowledge-base/articles?category=billing': { status: 200, body: {} } },
    });
    await client.getKnowledgeBase().catch(() => undefined);
    expect(sent).toEqual(['GET /api/knowledge-base/articles']);
  });

  it('are not trusted when malformed, nor used past their age', async () => {
    const malformed = clientWith({ answers: { 'GET /api/auth/me': { status: 200, body: { sub: 1 } } } });
    expect((await malformed.client.getSession())?.name).toBe('From the network');
    expect(malformed.sent).toEqual(['GET /api/auth/me']);

    const old = clientWith({
      answers: { 'GET /api/auth/me': { status: 200, body: fixtures.user } },
      maxAgeMs: -1,
    });
    expect((await old.client.getSession())?.name).toBe('From the network');
  });

  it('leave other statuses to the network (the host writes 200 and null answers only)', async () => {
    const { client, sent } = clientWith({ answers: { 'GET /api/auth/me': { status: 500, body: {} } } });
    expect((await client.getSession())?.name).toBe('From the network');
    expect(sent).toEqual(['GET /api/auth/me']);
  });
});
