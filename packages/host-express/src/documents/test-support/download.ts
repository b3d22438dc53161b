import { problemSchema, routes } from '@client-portal/api-client';
import type request from 'supertest';
import { expect } from 'vitest';
import { DEMO_FIXTURES } from '../../store/demo/crm.js';
import { DEMO_ORIGIN, type DemoHost } from '../../test-support/demo-host.js';

/** Helpers of the download tests. */

/** The body as text (downloads are read as Buffers). */
export const textOf = (res: request.Response): string =>
  Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;

export function expectProblem(res: request.Response, status: number, title: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(problemSchema.parse(JSON.parse(textOf(res)))).toMatchObject({ status, title });
}

export async function signedUrl(
  demo: DemoHost,
  email: string,
  fileId: string = DEMO_FIXTURES.fileId,
): Promise<string> {
  return signedUrlFor(demo, await demo.signIn(email), fileId);
}

/** The link with one query parameter (or the path's document id) replaced. */
export function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, DEMO_ORIGIN);
  if (name === 'fileId') parsed.pathname = `/api/files/${encodeURIComponent(value)}`;
  else parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

export const download = (demo: DemoHost, url: string, cookie?: string) =>
  demo.get(url, cookie).buffer(true).responseType('blob');

/** A signed link asked for with this session cookie. */
export async function signedUrlFor(
  demo: DemoHost,
  cookie: string,
  fileId: string = DEMO_FIXTURES.fileId,
): Promise<string> {
  const res = await demo.post('/api/create-signed-url', { fileId }, cookie);
  if (res.status !== 200) throw new Error(`signing answered ${res.status}: ${res.text}`);
  return routes.signedUrl.response.parse(res.body).url;
}
