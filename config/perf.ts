import type { PluginConfig } from '@docusaurus/types';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import perfPlugin from '../plugins/perf/index';
import rehypeCodeTokens from '../plugins/perf/rehype-code-tokens';
import { ssrTemplate } from '../plugins/perf/ssr-template';
import type { SiteEnv } from './env';
import { counterId } from '../src/shared/metrica';

/**
 * The route-path prefixes whose route data load as a part of their own (src/lib/routes/routeData.ts):
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
 * Build-time plugins that keep the JavaScript of a page small (plugins/perf/README.md): the browser
 * bundle runs on preact/compat unless `DOCS_PREACT=false`; route data come in parts by prefix
 * (`extraParts` first: a page loads the part of its longest prefix).
 */
export function perfPlugins(env: SiteEnv, docsInstances: readonly DocsOptions[], extraParts: readonly string[] = []): PluginConfig[] {
  return [
    [
      perfPlugin,
      {
        preact: env.preact,
        buildCache: env.buildCache,
        // extra parts: generated pages under a docs prefix that its pages do not need (config/changes.ts)
        // DOCS_PRIVATE_OFF=route-parts: no part, every route in main.js (config/private-paths.ts)
        routeParts: env.privateOff.includes('route-parts') ? [] : [...extraParts, ...routeParts(docsInstances)],
        hydration: env.hydration,
        off: env.privateOff,
      },
    ],
  ];
}

/**
 * Rehype plugins of every content plugin (docs, upgrade notes, pages): code blocks are tokenized at
 * build time, so the browser runs no Prism (none with `DOCS_PRIVATE_OFF=code-tokens`).
 */
export function contentRehypePlugins(env: SiteEnv): (typeof rehypeCodeTokens)[] {
  return env.privateOff.includes('code-tokens') ? [] : [rehypeCodeTokens];
}

/**
 * The docs plugin of both instances: `@docusaurus/plugin-content-docs` wrapped so that doc descriptions
 * leave the version chunk (plugins/docs-slim). A module path, so Docusaurus validates the options as
 * it does for its own plugin. `DOCS_PRIVATE_OFF=docs-slim`: the stock plugin.
 */
export const DOCS_PLUGIN = './plugins/docs-slim/index.ts';

export function docsPlugin(env: SiteEnv): string {
  return env.privateOff.includes('docs-slim') ? '@docusaurus/plugin-content-docs' : DOCS_PLUGIN;
}

/**
 * The page template (plugins/perf/ssr-template.ts): the resource hints React writes at the start of
 * the app in `<head>`, the entry scripts loaded at the reader's first input (`DOCS_HYDRATION`, default
 * `intent`), and with an analytics counter its inline snippet, which counts the first view on load
 * without starting the page's scripts.
 */
export function pageTemplate(env: SiteEnv): string {
  return ssrTemplate({ hydration: env.hydration, counter: counterId(env.metricaId) });
}
