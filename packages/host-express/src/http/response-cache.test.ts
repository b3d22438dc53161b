import express from 'express';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestStore, featureStores } from '../test-support/stores.js';
import { Expiring, ResponseCache } from './response-cache.js';
import type { Caching } from './send-json.js';

// The cache against a real store: versions come from read_versions, bumped here by writing a
// company's rows (projects) as any writer would.

describe.each(featureStores)('ResponseCache on $name', (kind) => {
  let store: TestStore;
  let clock = new Date('2026-01-01T00:00:00Z');
  /** What each computation returns next, per key; counts computations. */
  let computed: Record<string, number>;
  let answers: Record<string, unknown>;
  let delayMs = 0;

  beforeAll(async () => {
    store = await kind.open();
    await store.db
      .insertInto('companies')
      .values([
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ])
      .execute();
  });
  afterAll(() => store?.close());
  beforeEach(() => {
    computed = {};
    answers = {};
    delayMs = 0;
    clock = new Date('2026-01-01T00:00:00Z');
  });

  /** An app whose GET /:company/:key answers through `cache`. */
  function appOf(cache: ResponseCache, caching: Caching = 'revalidate') {
    const app = express();
    app.get('/:company/:key', async (req, res) => {
      const { company, key } = req.params;
      const sent = await cache.send(req, res, { companyId: company, key, caching }, async () => {
        computed[`${company}/${key}`] = (computed[`${company}/${key}`] ?? 0) + 1;
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return answers[`${company}/${key}`] ?? null;
      });
      if (!sent) res.status(404).end();
    });
    return app;
  }

  const newCache = (maxBytes = 1024 * 1024) => new ResponseCache(store.db, maxBytes, () => clock);

  const writeProject = (company: string) =>
    sql`insert into projects (id, company_id, name) values (${`${company}-${Math.random()}`}, ${company}, 'P')`.execute(
      store.db,
    );

  it('serves the kept answer while the company’s data is unchanged, and recomputes once it changes', async () => {
    const cache = newCache();
    const app = appOf(cache);
    answers['a/x'] = { n: 1 };
    expect((await request(app).get('/a/x')).body).toEqual({ n: 1 });
    answers['a/x'] = { n: 2 };
    const again = await request(app).get('/a/x');
    expect(again.body).toEqual({ n: 1 });
    expect(computed['a/x']).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });

    await writeProject('a');
    expect((await request(app).get('/a/x')).body).toEqual({ n: 2 });
    expect(computed['a/x']).toBe(2);
    // The outdated entry was replaced, not kept beside the new one.
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps companies apart: a key is never served across companies, and one company’s write leaves the other’s answers', async () => {
    const cache = newCache();
    const app = appOf(cache);
    answers['a/x'] = { company: 'a' };
    answers['b/x'] = { company: 'b' };
    expect((await request(app).get('/a/x')).body).toEqual({ company: 'a' });
    expect((await request(app).get('/b/x')).body).toEqual({ company: 'b' });
    await writeProject('a');
    await request(app).get('/a/x');
    await request(app).get('/b/x');
    expect(computed).toEqual({ 'a/x': 2, 'b/x': 1 });
  });

  it('a change to shared data recomputes every company’s answers', async () => {
    const cache = newCache();
    const app = appOf(cache);
    answers['a/x'] = 1;
    answers['b/x'] = 2;
    await request(app).get('/a/x');
    await request(app).get('/b/x');
    await sql`insert into talent (id, name, title, seniority) values (${`t-${Math.random()}`}, 'T', 'Dev', 'Mid')`.execute(
      store.db,
    );
    await request(app).get('/a/x');
    await request(app).get('/b/x');
    expect(computed).toEqual({ 'a/x': 2, 'b/x': 2 });
  });

  it('answers with an ETag and 304 for revalidation, hit or miss alike', async () => {
    const app = appOf(newCache());
    answers['a/e'] = { big: 'x'.repeat(100) };
    const first = await request(app).get('/a/e');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    const second = await request(app).get('/a/e').set('If-None-Match', etag);
    expect(second.status).toBe(304);
    expect(second.text).toBe('');
    expect(computed['a/e']).toBe(1);
  });

  it('sends answers of 1 KB or more gzip-compressed to clients that accept it, and plain to others', async () => {
    const app = appOf(newCache());
    answers['a/big'] = {
      rows: Array.from({ length: 200 }, (_, i) => ({ day: i, value: 'same words again' })),
    };
    answers['a/small'] = { ok: true };
    const plainLength = Buffer.byteLength(JSON.stringify(answers['a/big']));
    for (let i = 0; i < 2; i++) {
      const zipped = await request(app).get('/a/big').set('Accept-Encoding', 'gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(Number(zipped.headers['content-length'])).toBeLessThan(plainLength / 4);
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
      expect(zipped.body).toEqual(answers['a/big']);
      for (const refused of ['identity', 'gzip;q=0, deflate', 'br']) {
        const plain = await request(app).get('/a/big').set('Accept-Encoding', refused);
        expect(plain.headers['content-encoding'], refused).toBeUndefined();
        expect(Number(plain.headers['content-length'])).toBe(plainLength);
        expect(plain.body).toEqual(answers['a/big']);
      }
    }
    const small = await request(app).get('/a/small').set('Accept-Encoding', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(computed['a/big']).toBe(1);
  });

  it('no-store answers carry no ETag', async () => {
    const app = appOf(newCache(), 'no-store');
    answers['a/n'] = [1, 2, 3];
    const res = await request(app).get('/a/n');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toEqual([1, 2, 3]);
  });

  it('a null answer is a 404 and is not kept', async () => {
    const cache = newCache();
    const app = appOf(cache);
    expect((await request(app).get('/a/missing')).status).toBe(404);
    expect((await request(app).get('/a/missing')).status).toBe(404);
    expect(computed['a/missing']).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('requests that miss the same entry at the same time share one computation', async () => {
    const app = appOf(newCache());
    answers['a/slow'] = { slow: true };
    delayMs = 50;
    const responses = await Promise.all(Array.from({ length: 8 }, () => request(app).get('/a/slow')));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(responses.every((r) => r.body.slow === true)).toBe(true);
    expect(computed['a/slow']).toBe(1);
  });

  it('an Expiring answer is served until its time, then recomputed', async () => {
    const cache = newCache();
    const app = express();
    let n = 0;
    app.get('/', async (req, res) => {
      await cache.send(req, res, { companyId: 'a', key: 'kb', caching: 'no-store' }, async () => {
        n += 1;
        return new Expiring({ n }, new Date(clock.getTime() + 60_000));
      });
    });
    expect((await request(app).get('/')).body).toEqual({ n: 1 });
    clock = new Date(clock.getTime() + 59_999);
    expect((await request(app).get('/')).body).toEqual({ n: 1 });
    clock = new Date(clock.getTime() + 1);
    expect((await request(app).get('/')).body).toEqual({ n: 2 });
  });

  it('stays within its memory budget, least recently used out first, and keeps no answer over an eighth of it', async () => {
    const cache = newCache(8 * 1024);
    const app = appOf(cache, 'no-store');
    for (let i = 0; i < 20; i++) answers[`a/k${i}`] = 'x'.repeat(500);
    answers['a/huge'] = 'x'.repeat(2000);
    for (let i = 0; i < 20; i++) {
      await request(app).get(`/a/k${i}`);
      // k0 is used again and again: it stays.
      await request(app).get('/a/k0');
      expect(cache.stats().bytes).toBeLessThanOrEqual(8 * 1024);
    }
    const { entries } = cache.stats();
    expect(entries).toBeGreaterThan(5);
    expect(entries).toBeLessThan(20);
    expect(computed['a/k0']).toBe(1);
    expect(computed['a/k1']).toBe(1);
    await request(app).get('/a/k1');
    expect(computed['a/k1'], 'k1 was evicted').toBe(2);

    expect((await request(app).get('/a/huge')).body).toBe('x'.repeat(2000));
    await request(app).get('/a/huge');
    expect(computed['a/huge']).toBe(2);
  });

  it('with no budget, computes every time and keeps nothing', async () => {
    const cache = newCache(0);
    const app = appOf(cache);
    answers['a/off'] = 1;
    await request(app).get('/a/off');
    await request(app).get('/a/off');
    expect(computed['a/off']).toBe(2);
    expect(cache.stats()).toEqual({ hits: 0, misses: 0, entries: 0, bytes: 0 });
  });

  it('a failed computation fails its requests and is not kept', async () => {
    const cache = newCache();
    const app = express();
    let fail = true;
    app.get('/', async (req, res, next) => {
      try {
        await cache.send(req, res, { companyId: 'a', key: 'f', caching: 'no-store' }, async () => {
          if (fail) throw new Error('store went away');
          return { ok: true };
        });
      } catch (error) {
        next(error);
      }
    });
    expect((await request(app).get('/')).status).toBe(500);
    fail = false;
    expect((await request(app).get('/')).body).toEqual({ ok: true });
  });
});
