import type { PluginConfig } from '@docusaurus/types';
import perfPlugin from '../plugins/perf/index';
import rehypeCodeTokens from '../plugins/perf/rehype-code-tokens';
import type { SiteEnv } from './env';

/**
 * Build-time plugins that keep the JavaScript of a page small (plugins/perf/README.md): the browser
 * bundle runs on preact/compat unless `DOCS_PREACT=false`.
 */
export function perfPlugins(env: SiteEnv): PluginConfig[] {
  return [[perfPlugin, { preact: env.preact }]];
}

/**
 * Rehype plugins of every content plugin (docs, upgrade notes, pages): code blocks are tokenized at
 * build time, so the browser runs no Prism.
 */
export const contentRehypePlugins = [rehypeCodeTokens];

/**
 * The docs plugin of both instances: `@docusaurus/plugin-content-docs` wrapped so that doc descriptions
 * leave the version chunk (plugins/docs-slim). A module path, so Docusaurus validates the options as
 * it does for its own plugin.
 */
export const DOCS_PLUGIN = './plugins/docs-slim/index.ts';
