import type { PluginConfig } from '@docusaurus/types';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import perfPlugin, { startContentParsing, type ParseSite } from '../plugins/perf/index';
import rehypeCodeTokens from '../plugins/perf/rehype-code-tokens';
import { ssrTemplate } from '../plugins/perf/ssr-template';
import rehypeHydrationSlices from '../plugins/perf/rehype-hydration-slices';
import remarkParsedInWorkers from '../plugins/perf/mdx-parse';
import remarkRawOnlyWhenNeeded from '../plugins/perf/raw-html';
import type { SiteEnv } from './env';

/**
 * The route-path prefixes whose route data load as a part of their own (plugins/perf/route-data.ts):
 * each docs version with a path of its own (`/docs/8.9/`), then each docs instance (`/docs/`, which
 * holds the version at the instance's root, and `/upgrade/`). A page loads the part of its prefix only.
 */
export function routeParts(instances: readonly DocsOptions[]): string[] {
  return instances.flatMap(({ routeBasePath = 'docs', versions = {} }) => [
    ...Object.values(versions)
      .map((version) => version.path)
      .filter((path): path is string => typeof path === 'string' && path !== '')
      .map((path) => `/${routeBasePath}/${path}/`),
    `/${routeBasePath}/`,
  ]);
}

/**
 * The directories whose pages worker threads parse ahead of the MDX loader in a production build
 * (plugins/perf/mdx-parse.ts): each docs instance's own directory and its versioned copies, and the
 * pages.
 */
export function parseDirs(instances: readonly DocsOptions[]): string[] {
  return [
    ...instances.flatMap(({ id = 'default', path = 'docs' }) => [path, id === 'default' ? 'versioned_docs' : `${id}_versioned_docs`]),
    'src/pages',
  ];
}

/** The site directory: the one that holds `docusaurus.config.ts` and this `config/`. */
const SITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `docusaurus build` only (Docusaurus sets NODE_ENV before it loads the config): worker threads start
 * parsing the content pages now, while the main thread is still loading the site and the second core
 * is idle; the perf plugin keeps this pool when the content is loaded. The pool adopts the workers
 * that the build command's preload started when Node started (plugins/perf/mdx-parse-early.cjs);
 * without the preload, parsing still starts about 1.5 s earlier than from the plugin.
 */
export function startParsingEarly(env: SiteEnv, docsInstances: readonly DocsOptions[], markdown: ParseSite['siteConfig']['markdown']): void {
  if (!env.mdxWorkers) return;
  startContentParsing({ siteDir: SITE_DIR, siteConfig: { markdown } }, parseDirs(docsInstances));
}

/**
 * Build-time plugins that keep the JavaScript of a page small (plugins/perf/README.md): the browser
 * bundle runs on preact/compat unless `DOCS_PREACT=false`; route data come in parts by prefix.
 */
export function perfPlugins(env: SiteEnv, docsInstances: readonly DocsOptions[]): PluginConfig[] {
  return [
    [
      perfPlugin,
      {
        preact: env.preact,
        buildCache: env.buildCache,
        routeParts: routeParts(docsInstances),
        parseDirs: env.mdxWorkers ? parseDirs(docsInstances) : [],
      },
    ],
  ];
}

/**
 * Rehype plugins of every content plugin (docs, upgrade notes, pages): code blocks are tokenized at
 * build time, so the browser runs no Prism; top-level blocks become hydration slices, so the browser
 * hydrates a long page in short tasks.
 */
export const contentRehypePlugins = [rehypeCodeTokens, rehypeHydrationSlices];

/**
 * Remark plugins that run before Docusaurus's own, in every content plugin: the parser takes the
 * trees that worker threads parsed ahead of the loader (plugins/perf/mdx-parse.ts); rehype-raw runs
 * only on `.md` pages with embedded HTML (plugins/perf/raw-html.ts).
 */
export const contentBeforeRemarkPlugins = [remarkParsedInWorkers, remarkRawOnlyWhenNeeded];

/**
 * The docs plugin of both instances: `@docusaurus/plugin-content-docs` wrapped so that doc descriptions
 * leave the version chunk (plugins/docs-slim). A module path, so Docusaurus validates the options as
 * it does for its own plugin.
 */
export const DOCS_PLUGIN = './plugins/docs-slim/index.ts';

/**
 * The page template: Docusaurus's own, with the resource hints React writes at the start of the app
 * moved into `<head>` (plugins/perf/ssr-template.ts), so hydration keeps every server-rendered node,
 * and the entry scripts loaded at the reader's first input (`DOCS_HYDRATION`, default `intent`). With
 * an analytics counter every page starts at once, so that each page view is counted on load.
 */
export function pageTemplate(env: SiteEnv): string {
  return ssrTemplate(undefined, { hydration: env.hydration, eager: env.metricaId !== null });
}
