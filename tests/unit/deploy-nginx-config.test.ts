/** The production nginx configuration and its adaptation for a trial run. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adaptSiteConfig, mainConfig, PRODUCTION_ROOT, replaceRoot, writeTrialConfig } from '../../scripts/lib/nginx-config';

const SOURCE = 'deploy/nginx';
const site = readFileSync(join(SOURCE, 'monq-docs.conf'), 'utf8');
const headers = readFileSync(join(SOURCE, 'snippets', 'monq-docs-headers.conf'), 'utf8');

describe('the production configuration', () => {
  test('listens on port 80 and serves the Debian web root', () => {
    assert.match(site, /^\s*listen 80;$/m);
    assert.match(site, /^\s*root \/usr\/share\/nginx\/monq-docs;$/m);
  });

  test('includes the redirects and the policy generated with the site, and the shared headers', () => {
    assert.match(site, /include \/usr\/share\/nginx\/monq-docs\/\.nginx\/redirects\.conf;/);
    assert.match(headers, /include \/usr\/share\/nginx\/monq-docs\/\.nginx\/csp\.conf;/);
    const snippetIncludes = Array.from(site.matchAll(/include (snippets\/[^;]+);/g), (m) => m[1]);
    assert.ok(snippetIncludes.length > 1);
    const snippets = readdirSync(join(SOURCE, 'snippets'));
    for (const include of snippetIncludes) assert.ok(snippets.includes(include!.slice('snippets/'.length)), include);
  });

  test('the redirects come before every other regex location (the first matching regex wins)', () => {
    const redirects = site.indexOf('.nginx/redirects.conf');
    const firstRegex = site.search(/location ~/);
    assert.ok(redirects > 0 && redirects < firstRegex);
  });

  test('every location that sets Cache-Control repeats the security headers (add_header is not inherited)', () => {
    const blocks = site.split(/\n\s*location /).slice(1);
    for (const block of blocks.filter((b) => b.includes('Cache-Control'))) {
      assert.match(block, /include snippets\/monq-docs-headers\.conf;/, block.split('\n')[0]);
    }
    for (const line of (site + headers).split('\n').filter((l) => /^\s*add_header/.test(l))) {
      assert.match(line, / always;$/, line);
    }
  });

  test('builds no header of its own with unsafe-inline scripts', () => {
    assert.doesNotMatch(site + headers, /unsafe-inline/);
  });
});

describe('adapting it for a trial run', () => {
  test('only listen and the site root change', () => {
    const adapted = adaptSiteConfig(site, '/tmp/site-build', 18080);
    assert.match(adapted, /^\s*listen 127\.0\.0\.1:18080;$/m);
    assert.doesNotMatch(adapted, /listen \[::\]:80|listen 80/);
    assert.ok(!adapted.includes(PRODUCTION_ROOT));
    assert.match(adapted, /root \/tmp\/site-build;/);
    const strip = (text: string) => text.split('\n').filter((l) => !/listen|\/tmp\/site-build|monq-docs;|\/usr\/share/.test(l));
    assert.deepEqual(strip(adapted), strip(site));
  });

  test('refuses a production file that lost its listen or root line, and odd root paths', () => {
    assert.throws(() => adaptSiteConfig(site.replace('listen 80;', 'listen 8080;'), '/tmp/x', 1), /port 80/);
    assert.throws(() => adaptSiteConfig(site.replace(`root ${PRODUCTION_ROOT};`, 'root /srv;'), '/tmp/x', 1), /serve/);
    assert.throws(() => replaceRoot(site, '/tmp/a b'), /Unsupported/);
  });

  test('writes a main configuration with private paths and the brotli module', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'monq-nginx-unit-'));
    try {
      const conf = writeTrialConfig({ sourceDir: SOURCE, siteRoot: '/tmp/site-build', prefix, port: 18081, brotliModule: '/m/brotli.so' });
      const main = readFileSync(conf, 'utf8');
      assert.match(main, /^load_module \/m\/brotli\.so;$/m);
      assert.match(main, new RegExp(`pid ${prefix}/nginx\\.pid;`));
      assert.match(main, new RegExp(`include ${prefix}/sites/monq-docs\\.conf;`));
      assert.match(readFileSync(join(prefix, 'snippets', 'monq-docs-headers.conf'), 'utf8'), /include \/tmp\/site-build\/\.nginx\/csp\.conf;/);
      assert.doesNotMatch(mainConfig({ prefix, sourceDir: SOURCE, siteRoot: '/x', port: 1, brotliModule: null }), /load_module/);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe('the readers\' signals (/_signals)', () => {
  test('answered with 204 and logged in a log of their own with the time and the signal fields only', async () => {
    const { SIGNAL_FIELDS } = await import('../../src/lib/reader/signals');
    const format = /log_format monq_signals escape=json ((?:'[^']*'\s*)+);/.exec(site);
    assert.ok(format, 'log_format monq_signals with escape=json');
    const variables = Array.from(format[1]!.matchAll(/\$(\w+)/g), (m) => m[1]);
    assert.deepEqual(variables, ['time_iso8601', ...SIGNAL_FIELDS.map((field) => `arg_${field}`)]);
    assert.doesNotMatch(format[1]!, /remote_addr|http_|cookie|referer|user_agent|request/);
    const location = /location = \/_signals \{([^}]*)\}/.exec(site)?.[1] ?? '';
    assert.match(location, /^\s*access_log \/var\/log\/nginx\/monq-docs-signals\.log monq_signals;$/m, 'its own log, in place of the main one');
    assert.match(location, /return 204;/);
    assert.match(location, /include snippets\/monq-docs-headers\.conf;/);
  });

  test('the trial configuration writes the signals log into its own prefix', () => {
    const adapted = adaptSiteConfig(site, '/tmp/site', 8080, '127.0.0.1', '/tmp/prefix/logs');
    assert.match(adapted, /access_log \/tmp\/prefix\/logs\/monq-docs-signals\.log monq_signals;/);
    assert.doesNotMatch(adapted, /\/var\/log\/nginx/);
  });
});
