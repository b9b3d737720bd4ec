import { createServer, type Server } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { contentType, precompressedCopy, resolvePath, type Lookup, type Resolution } from './static-routing';
import { MOVED, REDIRECTS } from '../../config/redirects';

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serve a built site on loopback with the rules of static-routing.ts. Port 0 picks a free one. Like
 * the nginx configuration, it sends the brotli or gzip copy of a file written at build time when the
 * client accepts it, so that what a browser loads here weighs what it weighs in production.
 *
 * `plain: true` behaves like a bare static server with no rules of ours (no redirects, no
 * compression): it shows what readers get from a server that only maps directories to index.html.
 */
export async function serveStatic(
  dir: string,
  port = 0,
  host = '127.0.0.1',
  { plain = false }: { plain?: boolean } = {},
): Promise<RunningServer> {
  const root = resolve(dir);
  const lookup: Lookup = (rel) => {
    try {
      const stat = statSync(join(root, rel));
      return stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : null;
    } catch {
      return null;
    }
  };
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const result = plain ? resolvePlain(req.url ?? '/', lookup) : resolvePath(req.url ?? '/', lookup, REDIRECTS, MOVED);
    if (result.kind === 'redirect') {
      res.writeHead(301, { Location: result.location }).end();
      return;
    }
    const file = join(root, result.file);
    if (lookup(result.file) !== 'file') {
      res.writeHead(result.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const copy = plain ? null : precompressedCopy(req.headers['accept-encoding'], (suffix) => lookup(result.file + suffix) === 'file');
    res.writeHead(result.status, {
      'Content-Type': contentType(file),
      'Cache-Control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=3600',
      ...(plain ? {} : { Vary: 'Accept-Encoding' }),
      ...(copy ? { 'Content-Encoding': copy.encoding } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(copy ? file + copy.suffix : file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function resolvePlain(url: string, lookup: Lookup): Resolution {
  const path = decodeURIComponent(url.split(/[?#]/)[0] ?? '/');
  if (path.split('/').includes('..')) return { kind: 'file', file: '404.html', status: 404 };
  const rel = path.slice(1);
  if (path.endsWith('/') && lookup(`${rel}index.html`) === 'file') {
    return { kind: 'file', file: `${rel}index.html`, status: 200 };
  }
  if (lookup(rel) === 'file') return { kind: 'file', file: rel, status: 200 };
  // a directory without its slash is redirected; with it and without index.html it is not found (as on Pages)
  if (!path.endsWith('/') && lookup(rel) === 'dir') return { kind: 'redirect', location: `${path}/` };
  return { kind: 'file', file: '404.html', status: 404 };
}
