// A minimal server for the example: any static server does, given three rules.
//   /vendor/client-portal/…  the portal package's published files (node_modules/@client-portal/portal/dist)
//   /portal, /portal/…       portal.html, so that deep links and reloads open the portal
//   /api/…                   passed to the portal host (PORTAL_API_ORIGIN, default http://localhost:3000)
//   anything else            public/
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';

const here = import.meta.dirname;
const portalDist = join(
  dirname(createRequire(import.meta.url).resolve('@client-portal/portal/package.json')),
  'dist',
);
const api = new URL(process.env.PORTAL_API_ORIGIN ?? 'http://localhost:3000');
const port = Number(process.env.PORT ?? 8080);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/** A file under `root`, or null (no way out of it). */
function fileIn(root, path) {
  const file = normalize(join(root, decodeURIComponent(path)));
  return file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : null;
}

function send(res, file) {
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://site.invalid');
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const upstream = request(
      { hostname: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end('The portal host does not answer.'));
    req.pipe(upstream);
    return;
  }
  const vendor = pathname.startsWith('/vendor/client-portal/')
    ? fileIn(portalDist, pathname.slice('/vendor/client-portal/'.length))
    : null;
  if (vendor) return send(res, vendor);
  if (pathname === '/portal' || pathname.startsWith('/portal/'))
    return send(res, join(here, 'public', 'portal.html'));
  const file = fileIn(join(here, 'public'), pathname === '/' ? 'index.html' : pathname);
  if (file) return send(res, file);
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
}).listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port}`));
