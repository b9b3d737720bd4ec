/** The local server of a built site (scripts/lib/static-server.ts): sirv sends the files our routing names. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serveStatic, type RunningServer } from '../../scripts/lib/static-server';
import { get } from '../fixtures/http';

describe('the local server of a built site', () => {
  let dir: string;
  let site: RunningServer;
  let plain: RunningServer;
  const page = '<!doctype html><title>Пороги</title>';
  const twin = '# Пороги\n';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'monq-static-server-'));
    mkdirSync(join(dir, 'docs/guide/thresholds'), { recursive: true });
    writeFileSync(join(dir, 'docs/guide/thresholds/index.html'), page);
    writeFileSync(join(dir, 'docs/guide/thresholds/index.html.br'), brotliCompressSync(page));
    writeFileSync(join(dir, 'docs/guide/thresholds/index.html.gz'), gzipSync(page));
    writeFileSync(join(dir, 'docs/guide/thresholds.md'), twin);
    writeFileSync(join(dir, '404.html'), '<!doctype html><title>Страница не найдена</title>');
    site = await serveStatic(dir);
    plain = await serveStatic(dir, 0, '127.0.0.1', { plain: true });
  });
  after(async () => {
    await site?.close();
    await plain?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a route: its index.html, the brotli or gzip copy when accepted, never cached without asking', async () => {
    const identity = await get(site.url, '/docs/guide/thresholds/');
    assert.equal(identity.status, 200);
    assert.equal(identity.body.toString(), page);
    assert.equal(identity.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(identity.headers['cache-control'], 'no-cache');
    const br = await get(site.url, '/docs/guide/thresholds/', { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['content-type'], 'text/html; charset=utf-8');
    const gzip = await get(site.url, '/docs/guide/thresholds/', { 'Accept-Encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    const head = await get(site.url, '/docs/guide/thresholds/', {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
  });

  test('a twin is Markdown in UTF-8', async () => {
    const reply = await get(site.url, '/docs/guide/thresholds.md');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.equal(reply.headers['cache-control'], 'public, max-age=3600');
    assert.equal(reply.body.toString(), twin);
  });

  test('the routing rules: a closing slash, the site redirects, the not-found page with 404, GET and HEAD only', async () => {
    assert.deepEqual([(await get(site.url, '/docs/guide/thresholds?a=1')).status, (await get(site.url, '/docs/guide/thresholds?a=1')).headers.location], [301, '/docs/guide/thresholds/?a=1']);
    const moved = await get(site.url, '/docs/9.0/guide/thresholds/');
    assert.deepEqual([moved.status, moved.headers.location], [301, '/docs/guide/thresholds/']);
    const missing = await get(site.url, '/no/such/page/', { 'Accept-Encoding': 'br' });
    assert.equal(missing.status, 404);
    assert.match(missing.body.toString(), /Страница не найдена/);
    assert.equal((await get(site.url, '/docs/guide/thresholds/', {}, 'POST')).status, 405);
  });

  test('plain: no redirects of ours and no compressed copies', async () => {
    const moved = await get(plain.url, '/docs/9.0/guide/thresholds/');
    assert.equal(moved.status, 404);
    assert.match(moved.body.toString(), /Страница не найдена/);
    const route = await get(plain.url, '/docs/guide/thresholds/', { 'Accept-Encoding': 'br, gzip' });
    assert.equal(route.status, 200);
    assert.equal(route.headers['content-encoding'], undefined);
    assert.equal(route.body.toString(), page);
    assert.deepEqual([(await get(plain.url, '/docs/guide')).status, (await get(plain.url, '/docs/guide')).headers.location], [301, '/docs/guide/']);
  });
});
