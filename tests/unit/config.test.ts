import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readEnv } from '../../config/env';
import { clientRedirects, MOVED, nginxRedirectRules, REDIRECTS } from '../../config/redirects';
import { announcementId } from '../../config/announcement';
import { isVersionDropdownHidden } from '../../src/lib/versionDropdown';

test('readEnv: nothing configured means local search, no analytics, no preview, Faster on', () => {
  const env = readEnv({});
  assert.equal(env.docsearch, null);
  assert.equal(env.metricaId, null);
  assert.equal(env.previewNext, false);
  assert.equal(env.faster, true);
  assert.equal(env.preact, true);
  assert.equal(env.buildCache, false, 'a production build writes no bundler cache unless asked');
});

test('readEnv: hosted search needs both the application id and the key', () => {
  assert.equal(readEnv({ DOCSEARCH_APP_ID: 'APP' }).docsearch, null);
  assert.equal(readEnv({ DOCSEARCH_API_KEY: 'key' }).docsearch, null);
  assert.deepEqual(readEnv({ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'key' }).docsearch, {
    appId: 'APP',
    apiKey: 'key',
    indexName: 'monq',
    assistantId: null,
  });
  const withAi = readEnv({
    DOCSEARCH_APP_ID: 'APP',
    DOCSEARCH_API_KEY: 'key',
    DOCSEARCH_INDEX_NAME: 'monq-docs',
    DOCSEARCH_ASSISTANT_ID: 'assistant-1',
  }).docsearch;
  assert.equal(withAi?.indexName, 'monq-docs');
  assert.equal(withAi?.assistantId, 'assistant-1');
});

test('readEnv: switches accept true/1/yes and the Faster escape hatch', () => {
  assert.equal(readEnv({ DOCS_PREVIEW_NEXT: 'true' }).previewNext, true);
  assert.equal(readEnv({ DOCS_PREVIEW_NEXT: '1' }).previewNext, true);
  assert.equal(readEnv({ DOCS_PREVIEW_NEXT: 'no' }).previewNext, false);
  assert.equal(readEnv({ DOCS_FASTER: 'false' }).faster, false);
  assert.equal(readEnv({ DOCS_PREACT: 'false' }).preact, false);
  assert.equal(readEnv({ DOCS_PREACT: '' }).preact, true);
  assert.equal(readEnv({ DOCS_BUILD_CACHE: 'true' }).buildCache, true);
  assert.equal(readEnv({ DOCS_BUILD_CACHE: 'off' }).buildCache, false);
});

test('readEnv: the counter id must be numeric, and a PR preview keeps analytics off', () => {
  assert.equal(readEnv({ YANDEX_METRICA_ID: '12345678' }).metricaId, '12345678');
  assert.throws(() => readEnv({ YANDEX_METRICA_ID: 'abc' }), /YANDEX_METRICA_ID/);
  assert.equal(readEnv({ YANDEX_METRICA_ID: '12345678', DOCS_PR_PREVIEW: 'true' }).metricaId, null);
});

test('redirects: /upgrade leads to the 9.x line, /docs and /docs/8.9 to get-started', () => {
  const map = new Map(clientRedirects().map(({ from, to }) => [from, to]));
  assert.equal(map.get('/upgrade'), '/upgrade/v9/');
  assert.equal(map.get('/docs'), '/docs/get-started/');
  assert.equal(map.get('/docs/8.9'), '/docs/8.9/get-started/');
});

test('redirects: sources are normalised, duplicates and relative paths rejected', () => {
  assert.deepEqual(clientRedirects([{ from: '/a/', to: '/b/' }]), [{ from: '/a', to: '/b/' }]);
  assert.throws(() => clientRedirects([{ from: '/a', to: '/b/' }, { from: '/a/', to: '/c/' }]), /Duplicate/);
  assert.throws(() => clientRedirects([{ from: 'a', to: '/b/' }]), /absolute/);
});

test('redirects: nginx rules mirror the same list', () => {
  const rules = nginxRedirectRules();
  assert.equal(rules.split('\n').length, REDIRECTS.length + MOVED.length);
  assert.match(rules, /location ~ \^\/upgrade\/\?\$ \{ return 301 \/upgrade\/v9\/\$is_args\$args; \}/);
  assert.match(rules, /\^\/docs\/8\\\.9\/\?\$/);
});

test('announcement id follows the content', () => {
  assert.equal(announcementId('Новость'), announcementId('Новость'));
  assert.notEqual(announcementId('Новость'), announcementId('Другая новость'));
  assert.match(announcementId('x'), /^announcement-[0-9a-z]+$/);
});

test('version dropdown hides only on the upgrade instance', () => {
  assert.equal(isVersionDropdownHidden('upgrade'), true);
  assert.equal(isVersionDropdownHidden('default'), false);
  assert.equal(isVersionDropdownHidden(undefined), false);
});

test('site config: Markdown keeps text such as `:15:` as written (no emoji shortcodes), heading ids on', async () => {
  const { default: config } = await import('../../docusaurus.config');
  assert.equal(config.markdown.emoji, false);
  assert.deepEqual(config.markdown.mdx1Compat, { comments: true, admonitions: true, headingIds: true });
});
