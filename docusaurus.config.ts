/**
 * Monq Docs — site configuration. Thin: it assembles the typed blocks of `config/`.
 *
 * Environment switches (read once in config/env.ts, listed in the README):
 *   DOCS_PREVIEW_NEXT   build the unreleased next version from docs/ (with the unreleased banner)
 *   DOCS_FASTER         `false` turns Docusaurus Faster (Rspack, SWC, LightningCSS) off
 *   DOCS_PREACT         `false` keeps the browser bundle on react-dom (default: preact/compat; the server renders with React)
 *   DOCS_HYDRATION      `load` starts the browser bundle with every page (default `intent`: at the first input)
 *   DOCS_KEPT_ARTICLE   `false`: the opened doc page renders its compiled Markdown (default: keeps the server's article)
 *   DOCS_BUILD_CACHE    `true` keeps the bundler's persistent cache in `docusaurus build` (the dev server always has it)
 *   DOCS_PR_PREVIEW     pull-request preview: analytics stay off
 *   YANDEX_METRICA_ID   web-analytics counter; nothing is loaded or sent without it
 *   DOCS_SIGNALS        `site`: readers' signals also go to the site's own host (`/_signals`, deploy/nginx logs them)
 *   DOCSEARCH_APP_ID, DOCSEARCH_API_KEY, DOCSEARCH_INDEX_NAME, DOCSEARCH_ASSISTANT_ID
 *                       hosted search; without the first two the local index is used
 */
import type { Config, PluginConfig } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import * as clientRedirectsPlugin from '@docusaurus/plugin-client-redirects';
import type { Options as RedirectOptions } from '@docusaurus/plugin-client-redirects';
import * as sitemapPlugin from '@docusaurus/plugin-sitemap';
import type { Options as SitemapOptions } from '@docusaurus/plugin-sitemap';

import { readEnv } from './config/env';
import { docsOptions, upgradeDocsOptions } from './config/docs';
import { navbar } from './config/navbar';
import { footer } from './config/footer';
import { clientRedirects } from './config/redirects';
import { SEARCH_PAGE_PATH, searchPlugins, searchThemeConfig } from './config/search';
import { clientModules } from './config/clientModules';
import { SITEMAP_FILE, deployPlugins } from './config/deploy';
import { llmsPlugins } from './config/llms';
import { CHANGES_BASE, changesPlugins } from './config/changes';
import { prism } from './config/prism';
import { rehypePlugins } from './config/content';
import { DOCS_PLUGIN, perfPlugins, pageTemplate } from './config/perf';
import { announcementId } from './config/announcement';
import { withPostBuildStep } from './plugins/lib/post-build-order';
import { analyticsPlugins } from './config/analytics';
import {
  ANNOUNCEMENT_HTML,
  BASE_URL,
  IMAGE_ZOOM_DELAY_MS,
  LATEST_VERSION,
  PRODUCT_RELEASE,
  SITE_TAGLINE,
  SITE_TITLE,
  SITE_URL,
} from './config/site';

const env = readEnv(process.env);
const docsInstances = [docsOptions(env), upgradeDocsOptions()];

const markdown = {
  format: 'detect',
  // `## Заголовок {#latin-id}`: explicit heading ids in .md and .mdx (v4 turns this off by default).
  mdx1Compat: { comments: true, admonitions: true, headingIds: true },
  // No GitHub emoji shortcodes (`:smile:`): the pages do not use them, and text such as `:15:` in a
  // time or `:name:` in a configuration example stays as written. It also saves each page a pass
  // over its text.
  emoji: false,
  hooks: {
    onBrokenMarkdownLinks: 'throw',
    onBrokenMarkdownImages: 'throw',
  },
} satisfies Config['markdown'];

const config = {
  title: SITE_TITLE,
  tagline: SITE_TAGLINE,
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: BASE_URL,
  // Every route ends with a slash and is emitted as `route/index.html`: any static server answers
  // `/route/` and `/route/index.html` directly and redirects `/route` to `/route/`.
  trailingSlash: true,
  titleDelimiter: '|',
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',
  noIndex: false,
  ssrTemplate: pageTemplate(env),

  future: {
    v4: true,
    faster: env.faster,
  },

  i18n: {
    defaultLocale: 'ru',
    locales: ['ru'],
    localeConfigs: {
      ru: { label: 'Русский', direction: 'ltr', htmlLang: 'ru' },
    },
  },

  markdown,

  customFields: {
    productRelease: PRODUCT_RELEASE,
    metricaId: env.metricaId,
    // the docs version of `/docs/…` pages, for the feedback signals sent to the site (src/lib/analytics/site.ts)
    ...(env.siteSignals ? { signalsLatestVersion: LATEST_VERSION } : {}),
    imageZoomDelayMs: IMAGE_ZOOM_DELAY_MS,
  },

  presets: [
    [
      'classic',
      {
        // both docs instances are registered below, through the wrapper of config/perf.ts
        docs: false,
        blog: false,
        pages: { rehypePlugins },
        theme: { customCss: ['./src/css/custom.css', './src/css/reader.css', './src/css/print.css'] },
        // registered below, as a step of the post-build order (plugins/lib/post-build-order.ts)
        sitemap: false,
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    ...docsInstances.map((options) => [DOCS_PLUGIN, options] satisfies PluginConfig),
    // Their postBuild writes files plugins/deploy reads: steps of plugins/lib/post-build-order.ts.
    [withPostBuildStep('redirect-pages', clientRedirectsPlugin), { redirects: clientRedirects() } satisfies RedirectOptions],
    [
      withPostBuildStep('sitemap', sitemapPlugin),
      {
        changefreq: 'weekly',
        priority: 0.5,
        ignorePatterns: ['/**/tags/**', `/${SEARCH_PAGE_PATH}`, `/${SEARCH_PAGE_PATH}/**`],
        filename: SITEMAP_FILE,
      } satisfies SitemapOptions,
    ],
    ...searchPlugins(env),
    ...deployPlugins(env),
    ...llmsPlugins(),
    ...changesPlugins(),
    // the comparison pages of plugins/changes load their route data apart from the 9.0 pages'
    ...perfPlugins(env, docsInstances, [CHANGES_BASE]),
    // Page feedback and search goals, only with the analytics counter (plugins/analytics).
    ...analyticsPlugins(env),
  ],

  clientModules,

  themeConfig: {
    image: 'img/social-card.svg',
    metadata: [{ name: 'theme-color', content: '#1f5fbf' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    docs: {
      versionPersistence: 'localStorage',
      sidebar: { hideable: true, autoCollapseCategories: false },
    },
    announcementBar: {
      id: announcementId(ANNOUNCEMENT_HTML),
      content: ANNOUNCEMENT_HTML,
      isCloseable: true,
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar,
    footer,
    algolia: searchThemeConfig(env),
    prism,
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;
