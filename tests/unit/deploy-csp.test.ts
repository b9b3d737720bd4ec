import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildCsp,
  collectScriptHashes,
  inlineScripts,
  isExecutable,
  nginxCspInclude,
  scriptHash,
} from '../../plugins/deploy/csp';
import { redirectsInclude } from '../../plugins/deploy/index';
import { SITEMAP_FILE, deployOptions, deployPlugins, redirectPages } from '../../config/deploy';
import { clientRedirects } from '../../config/redirects';
import { readEnv } from '../../config/env';
import { llmsFiles } from '../../config/llms';
import { nginxRedirectRules } from '../../config/redirects';

const PAGE = `<!doctype html><html><head>
<script>!function(){document.documentElement.setAttribute("data-theme","light")}()</script>
<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>
<script src="/assets/js/main.abc.js" defer></script>
<script type="module">import("/x.js")</script>
<script type="text/x-template"><div></div></script>
</head><body><script>
window.x = 1;\r\n</script></body></html>`;

describe('inline scripts of a page', () => {
  test('external scripts are left out, inline ones kept with their exact text', () => {
    const scripts = inlineScripts(PAGE);
    assert.equal(scripts.length, 5);
    assert.equal(scripts[0]?.text, '!function(){document.documentElement.setAttribute("data-theme","light")}()');
    assert.ok(scripts.every((script) => !script.text.includes('main.abc.js')));
  });

  test('data blocks (JSON-LD, templates) are not executable, classic and module scripts are', () => {
    const kinds = inlineScripts(PAGE).map(isExecutable);
    assert.deepEqual(kinds, [true, false, true, false, true]);
  });

  test('the hash is the one browsers compute (CSP specification example)', () => {
    assert.equal(scriptHash("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });

  test('CR LF is normalised before hashing, as the HTML parser does', () => {
    assert.equal(scriptHash('a;\r\nb;'), scriptHash('a;\nb;'));
  });

  test('hashes are unique and sorted across pages', () => {
    const hashes = collectScriptHashes([PAGE, PAGE, '<script>other()</script>']);
    assert.equal(hashes.length, 4);
    assert.deepEqual(hashes, [...hashes].sort());
    assert.ok(hashes.includes(scriptHash('other()')));
  });
});

describe('the policy', () => {
  const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];

  function directive(policy: string, name: string): string[] {
    const found = policy.split('; ').find((part) => part.startsWith(`${name} `));
    assert.ok(found, `${name} is missing`);
    return found.split(' ').slice(1);
  }

  test('by default only the site itself: no outside host anywhere, no unsafe-inline for scripts', () => {
    const policy = buildCsp({ scriptHashes: hashes, analytics: false, hostedSearch: null });
    assert.doesNotMatch(policy, /https?:|wss:|\*/);
    assert.deepEqual(directive(policy, 'default-src'), ["'self'"]);
    assert.deepEqual(directive(policy, 'script-src'), ["'self'", ...hashes]);
    assert.deepEqual(directive(policy, 'connect-src'), ["'self'"]);
    assert.deepEqual(directive(policy, 'frame-ancestors'), ["'none'"]);
    assert.deepEqual(directive(policy, 'object-src'), ["'none'"]);
    assert.ok(!policy.includes("'unsafe-eval'"));
  });

  test('Yandex Metrica hosts only when analytics is on', () => {
    const policy = buildCsp({ scriptHashes: hashes, analytics: true, hostedSearch: null });
    assert.ok(directive(policy, 'script-src').includes('https://mc.yandex.ru'));
    assert.ok(directive(policy, 'connect-src').includes('https://mc.yandex.ru'));
    assert.ok(directive(policy, 'img-src').includes('https://mc.yandex.ru'));
    assert.doesNotMatch(policy, /algolia/);
  });

  test('DocSearch hosts only in hosted mode, for its application id', () => {
    const policy = buildCsp({ scriptHashes: hashes, analytics: false, hostedSearch: { appId: 'ABC123' } });
    const connect = directive(policy, 'connect-src');
    assert.ok(connect.includes('https://abc123-dsn.algolia.net'));
    assert.doesNotMatch(policy, /yandex/);
    assert.deepEqual(directive(policy, 'script-src'), ["'self'", ...hashes]);
    assert.throws(() => buildCsp({ scriptHashes: [], analytics: false, hostedSearch: { appId: 'x; script-src *' } }));
  });

  test('the nginx include adds the header to every response and refuses a broken policy', () => {
    const policy = buildCsp({ scriptHashes: hashes, analytics: false, hostedSearch: null });
    assert.match(nginxCspInclude(policy), new RegExp(`^add_header Content-Security-Policy "${policy.replace(/[+*]/g, '\\$&')}" always;$`, 'm'));
    assert.throws(() => nginxCspInclude('default-src "x"'));
  });
});

describe('build settings from the environment', () => {
  test('a local build: no outside host, waits for the local search index', () => {
    const options = deployOptions(readEnv({}));
    assert.deepEqual(options, { analytics: false, hostedSearch: null, awaitSearchIndex: true, expectFiles: [...redirectPages(), SITEMAP_FILE, ...llmsFiles()] });
    assert.equal(deployPlugins(readEnv({})).length, 1);
  });

  test('a production build with the counter and hosted search allows both', () => {
    const options = deployOptions(readEnv({ YANDEX_METRICA_ID: '123', DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'k' }));
    assert.deepEqual(options, { analytics: true, hostedSearch: { appId: 'APP' }, awaitSearchIndex: false, expectFiles: [...redirectPages(), SITEMAP_FILE, ...llmsFiles()] });
  });

  test('the policy waits for every redirect page the redirect plugin writes', () => {
    const pages = redirectPages();
    assert.equal(pages.length, clientRedirects().length);
    assert.ok(pages.includes('docs/9.0/get-started/index.html'), pages.join(', '));
    for (const page of pages) assert.match(page, /^[^/].*\/index\.html$/);
  });

  test('a pull-request preview never allows analytics', () => {
    const options = deployOptions(readEnv({ YANDEX_METRICA_ID: '123', DOCS_PR_PREVIEW: 'true' }));
    assert.equal(options.analytics, false);
  });
});

test('the generated redirects include is config/redirects.ts, rule for rule', () => {
  const text = redirectsInclude();
  const rules = text.split('\n').filter((line) => line.startsWith('location'));
  assert.deepEqual(rules, nginxRedirectRules().split('\n'));
  assert.ok(rules.some((rule) => rule.startsWith('location ~ ^/upgrade/?$ { return 301 /upgrade/v9/')));
});
