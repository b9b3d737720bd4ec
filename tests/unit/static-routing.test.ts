import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentType, resolvePath, resolvePlain, type Lookup } from '../../scripts/lib/static-routing';

const files = new Set([
  'index.html',
  '404.html',
  'docs/get-started/index.html',
  'upgrade/v9/index.html',
  'assets/js/main.abc.js',
]);
const lookup: Lookup = (rel) => (files.has(rel) ? 'file' : null);
const redirects = [{ from: '/upgrade', to: '/upgrade/v9/' }];

test('a route with a trailing slash serves its index.html', () => {
  assert.deepEqual(resolvePath('/docs/get-started/', lookup), {
    kind: 'file',
    file: 'docs/get-started/index.html',
    status: 200,
  });
  assert.deepEqual(resolvePath('/', lookup), { kind: 'file', file: 'index.html', status: 200 });
});

test('a route without the slash redirects to it, keeping the query', () => {
  assert.deepEqual(resolvePath('/docs/get-started', lookup), { kind: 'redirect', location: '/docs/get-started/' });
  assert.deepEqual(resolvePath('/docs/get-started?x=1', lookup), {
    kind: 'redirect',
    location: '/docs/get-started/?x=1',
  });
});

test('index.html and .html addresses lead to the canonical page', () => {
  assert.deepEqual(resolvePath('/docs/get-started/index.html', lookup), {
    kind: 'redirect',
    location: '/docs/get-started/',
  });
  assert.deepEqual(resolvePath('/docs/get-started.html?q=1', lookup), {
    kind: 'redirect',
    location: '/docs/get-started/?q=1',
  });
  assert.deepEqual(resolvePath('/index.html', lookup), { kind: 'redirect', location: '/' });
  assert.deepEqual(resolvePath('/upgrade/index.html', lookup, redirects), { kind: 'redirect', location: '/upgrade/' });
});

test('site redirects win over files, with or without the slash', () => {
  assert.deepEqual(resolvePath('/upgrade', lookup, redirects), { kind: 'redirect', location: '/upgrade/v9/' });
  assert.deepEqual(resolvePath('/upgrade/', lookup, redirects), { kind: 'redirect', location: '/upgrade/v9/' });
});

test('old address families redirect after the exact redirects, as the nginx rules do', () => {
  const moved = [
    { pattern: '^/docs/9\\.0/(.+)$', target: '/docs/$1' },
    { pattern: '^/docs/(8\\.[0-8])(?:/(.*))?$', target: 'https://v8.docs.monq.ru/docs/$1/$2' },
  ];
  const exact = [{ from: '/docs/9.0/get-started', to: '/docs/get-started/' }];
  assert.deepEqual(resolvePath('/docs/9.0/guide/x/?a=1', lookup, exact, moved), { kind: 'redirect', location: '/docs/guide/x/?a=1' });
  assert.deepEqual(resolvePath('/docs/9.0/get-started/', lookup, exact, moved), { kind: 'redirect', location: '/docs/get-started/' });
  assert.deepEqual(resolvePath('/docs/8.3/a/', lookup, exact, moved), { kind: 'redirect', location: 'https://v8.docs.monq.ru/docs/8.3/a/' });
  assert.deepEqual(resolvePath('/docs/8.9/a/', lookup, exact, moved), { kind: 'file', file: '404.html', status: 404 });
  assert.deepEqual(resolvePath('/docs/9.0/guide/x/', lookup), { kind: 'file', file: '404.html', status: 404 }, 'no rules, no redirect');
});

test('unknown paths and traversal attempts get the not-found page with 404', () => {
  const notFound = { kind: 'file', file: '404.html', status: 404 };
  assert.deepEqual(resolvePath('/nope', lookup), notFound);
  assert.deepEqual(resolvePath('/nope/', lookup), notFound);
  assert.deepEqual(resolvePath('/nope.html', lookup), notFound);
  assert.deepEqual(resolvePath('/../etc/passwd', lookup), notFound);
  assert.deepEqual(resolvePath('/%E0%A4%A', lookup), notFound);
});

test('assets are served as they are, with their content type', () => {
  assert.deepEqual(resolvePath('/assets/js/main.abc.js', lookup), {
    kind: 'file',
    file: 'assets/js/main.abc.js',
    status: 200,
  });
  assert.equal(contentType('a/b.svg'), 'image/svg+xml');
  assert.equal(contentType('a/b.unknown'), 'application/octet-stream');
  assert.equal(contentType('docs/guide.md'), 'text/markdown; charset=utf-8');
});

test('a bare static host (plain): index.html of a directory, a directory without its slash redirects, nothing else', () => {
  const dirs = new Set(['docs', 'docs/get-started']);
  const plainLookup: Lookup = (rel) => (files.has(rel) ? 'file' : dirs.has(rel.replace(/\/$/, '')) ? 'dir' : null);
  const notFound = { kind: 'file', file: '404.html', status: 404 };
  assert.deepEqual(resolvePlain('/docs/get-started/?x=1', plainLookup), { kind: 'file', file: 'docs/get-started/index.html', status: 200 });
  assert.deepEqual(resolvePlain('/docs/get-started', plainLookup), { kind: 'redirect', location: '/docs/get-started/' });
  assert.deepEqual(resolvePlain('/docs/', plainLookup), notFound, 'a directory without index.html');
  assert.deepEqual(resolvePlain('/assets/js/main.abc.js', plainLookup), { kind: 'file', file: 'assets/js/main.abc.js', status: 200 });
  assert.deepEqual(resolvePlain('/upgrade', plainLookup), notFound, 'no redirects of ours');
  assert.deepEqual(resolvePlain('/../etc/passwd', plainLookup), notFound);
  assert.deepEqual(resolvePlain('/%E0%A4%A', plainLookup), notFound);
});
