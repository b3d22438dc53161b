import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger, httpLogger, redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides signed-URL secrets and keeps everything else', () => {
    expect(redactUrl('/api/files/doc-1?exp=1&kid=k1&sig=abc')).toBe(
      '/api/files/doc-1?exp=1&kid=k1&sig=[Redacted]',
    );
    expect(redactUrl('/x?a=1')).toBe('/x?a=1');
    expect(redactUrl('/x')).toBe('/x');
  });

  it('hides a secret sent under a bracketed or encoded name too', () => {
    expect(redactUrl('/f?sig[a]=abc')).toBe('/f?sig[a]=[Redacted]');
    expect(redactUrl('/f?sig%5B%5D=abc')).toBe('/f?sig%5B%5D=[Redacted]');
    expect(redactUrl('/f?SIG=abc')).toBe('/f?SIG=[Redacted]');
  });
});

describe('httpLogger', () => {
  const app = (level: 'silent' | 'info', lines: string[]) => {
    const logger = createLogger({ level, destination: { write: (line: string) => lines.push(line) } });
    const server = express();
    server.use(httpLogger(logger));
    server.get('/x', (req, res) => {
      res.json({ hasLog: req.log !== undefined, id: (req as { id?: unknown }).id });
    });
    return { server, logger };
  };

  it('skips pino-http while the logger is silent, but still gives the request an id', async () => {
    const lines: string[] = [];
    const res = await request(app('silent', lines).server).get('/x').set('X-Request-Id', 'req-7').expect(200);
    expect(res.body).toEqual({ hasLog: false, id: 'req-7' });
    expect(res.headers['x-request-id']).toBe('req-7');
    const fresh = await request(app('silent', lines).server).get('/x').expect(200);
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.body.id).toBe(fresh.headers['x-request-id']);
    expect(lines).toEqual([]);
  });

  it('logs again, redacted, once the level is raised at run time', async () => {
    const lines: string[] = [];
    const { server, logger } = app('silent', lines);
    await request(server).get('/x').set('Cookie', 'portal_session=COOKIE-SECRET').expect(200);
    expect(lines).toEqual([]);
    logger.level = 'info';
    const res = await request(server)
      .get('/x?sig=SIG-SECRET')
      .set('Cookie', 'portal_session=COOKIE-SECRET')
      .expect(200);
    expect(res.body.hasLog).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('COOKIE-SECRET');
    expect(lines[0]).not.toContain('SIG-SECRET');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ req: { url: '/x?sig=[Redacted]' } });
  });
});
