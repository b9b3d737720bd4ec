/** The settings of the spec (sections 1, 5, 9) as the built configuration carries them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import config from '../../docusaurus.config';
import { DOCS_PLUGIN } from '../../config/perf';

type Loose = Record<string, unknown>;
const cfg = config as unknown as Loose;
const themeConfig = cfg.themeConfig as Loose;
const preset = ((cfg.presets as unknown[])[0] as [string, Loose])[1];
/** Options of the docs plugin instances (registered through the wrapper of config/perf.ts). */
const docsInstances = (cfg.plugins as unknown[])
  .filter((plugin): plugin is [string, Loose] => Array.isArray(plugin) && plugin[0] === DOCS_PLUGIN)
  .map(([, options]) => options);

test('one Russian locale, left to right; site url and base path', () => {
  const i18n = cfg.i18n as { defaultLocale: string; locales: string[]; localeConfigs: Record<string, Loose> };
  assert.equal(i18n.defaultLocale, 'ru');
  assert.deepEqual(i18n.locales, ['ru']);
  assert.equal(i18n.localeConfigs.ru?.direction, 'ltr');
  assert.equal(cfg.url, 'https://docs.monq.ru');
  assert.equal(cfg.baseUrl, '/');
  assert.equal(cfg.titleDelimiter, '|');
  assert.equal(cfg.trailingSlash, true);
});

test('broken links, anchors, markdown links and images fail the build; duplicate routes only warn', () => {
  assert.equal(cfg.onBrokenLinks, 'throw');
  assert.equal(cfg.onBrokenAnchors, 'throw');
  assert.equal(cfg.onDuplicateRoutes, 'warn');
  const hooks = (cfg.markdown as { hooks: Loose }).hooks;
  assert.equal(hooks.onBrokenMarkdownLinks, 'throw');
  assert.equal(hooks.onBrokenMarkdownImages, 'throw');
});

test('light by default, the OS preference respected, table of contents 2–3', () => {
  assert.deepEqual(themeConfig.colorMode, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true });
  assert.deepEqual(themeConfig.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 });
});

test('sitemap: weekly, priority 0.5, tag pages excluded', () => {
  // registered as a plugin of its own, a step of the post-build order (plugins/lib/post-build-order.ts)
  assert.equal(preset.sitemap, false);
  const entries = (cfg.plugins as unknown[]).filter((entry): entry is [unknown, Loose] => Array.isArray(entry) && typeof entry[1] === 'object');
  const sitemaps = entries.filter(([, options]) => 'changefreq' in options);
  assert.equal(sitemaps.length, 1);
  const sitemap = sitemaps[0]![1];
  assert.equal(sitemap.changefreq, 'weekly');
  assert.equal(sitemap.priority, 0.5);
  assert.ok((sitemap.ignorePatterns as string[]).some((pattern) => pattern.includes('tags')));
});

test('versions: 9.0 latest at /docs/, 8.9 unmaintained at /docs/8.9/, no unreleased version by default', () => {
  assert.equal(preset.docs, false, 'the preset does not add a third docs instance');
  assert.deepEqual(docsInstances.map((options) => options.id ?? 'default'), ['default', 'upgrade']);
  const docs = docsInstances[0] as Loose;
  assert.equal(docs.lastVersion, '9.0');
  assert.equal(docs.includeCurrentVersion, false);
  assert.deepEqual(docs.onlyIncludeVersions, ['9.0', '8.9']);
  const versions = docs.versions as Record<string, Loose>;
  assert.equal(versions['9.0']?.path, '');
  assert.equal(versions['8.9']?.path, '8.9');
  assert.equal(versions['8.9']?.banner, 'unmaintained');
});
