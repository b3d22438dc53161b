import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type HttpHandler } from 'msw';

export interface TestServer {
  url: string;
  close: () => Promise<void>;
}

/** 'hang-up' closes the socket before answering; 'hang-up-mid-body' after headers and part of a body. */
type Handle = (
  request: Request,
  raw: { req: IncomingMessage; res: ServerResponse },
) => Promise<Response | 'hang-up' | 'hang-up-mid-body'>;

/** A real HTTP server on 127.0.0.1 (random port) whose answers come from `handle`. */
export async function startServer(handle: Handle): Promise<TestServer> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
        headers.append(name, v);
    }
    const body =
      chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body,
    });
    const response = await handle(request, { req, res });
    if (response === 'hang-up') {
      res.socket?.destroy();
      return;
    }
    if (response === 'hang-up-mid-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"data": [');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      out[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
    });
    res.writeHead(response.status, response.statusText || undefined, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Serves MSW handlers over real HTTP; `pick` chooses the handler list per request (e.g. by cookie). */
export function serveHandlers(pick: (request: Request) => HttpHandler[]): Promise<TestServer> {
  return startServer(async (request) => {
    const response = await getResponse(pick(request), request);
    if (!response) return new Response('no handler', { status: 404 });
    return response.type === 'error' ? 'hang-up' : response;
  });
}

/** A port that was just free: connecting to it is refused (a network failure, status 0). */
export async function closedPortUrl(): Promise<string> {
  const server = await startServer(async () => new Response(null));
  await server.close();
  return server.url;
}
