import { createServer, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { contentType, directoryLookup, resolvePath, resolvePlain } from './static-routing';
import { MOVED, REDIRECTS } from '../../config/redirects';

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serve a built site on loopback. Port 0 picks a free one.
 *
 * sirv sends the files: the brotli or gzip copy written at build time when the client accepts it (as
 * nginx's `brotli_static` and `gzip_static`), so that what a browser loads here weighs what it weighs
 * in production, with ranges and HEAD. Which file answers is decided by the rules of static-routing.ts,
 * the same as the nginx configuration's: the redirects of config/redirects.ts (301), the closing slash
 * of a route, the not-found page with 404. The routing stays ours (it only names the file sirv
 * sends) because sirv has no redirects, and serve-handler, which has them, sends no precompressed copies.
 *
 * `plain: true` behaves like a bare static host with no rules of ours and no compressed copies (GitHub
 * Pages): `/route/` serves its index.html, a directory without its slash redirects, anything else is
 * the not-found page.
 */
export async function serveStatic(
  dir: string,
  port = 0,
  host = '127.0.0.1',
  { plain = false }: { plain?: boolean } = {},
): Promise<RunningServer> {
  const root = resolve(dir);
  const lookup = directoryLookup(root);
  const send = sirv(root, {
    // Looked up on every request: a test may serve a build it is still changing.
    dev: true,
    // No ETag: a conditional request for the not-found page must not turn its 404 into a 304.
    etag: false,
    brotli: !plain,
    gzip: !plain,
    // The routing names the file: sirv is not to try `.html` or `/index.html` of its own.
    extensions: [],
    setHeaders(res, pathname) {
      // Our types carry the charset (`text/markdown; charset=utf-8` for the twins), as nginx sends them.
      res.setHeader('Content-Type', contentType(pathname));
      res.setHeader('Cache-Control', pathname.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
    },
  });
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
    if (result.status === 404) keepStatus(res, 404);
    req.url = `/${encodeURI(result.file)}`;
    send(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    });
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

/** sirv sends every file with 200 (`res.writeHead(200, …)`): the not-found page keeps its own status. */
function keepStatus(res: ServerResponse, status: number): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((_status: number, ...rest: unknown[]) => writeHead(status, ...rest)) as ServerResponse['writeHead'];
}
