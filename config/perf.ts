import type { PluginConfig } from '@docusaurus/types';
import perfPlugin from '../plugins/perf/index';
import rehypeCodeTokens from '../plugins/perf/rehype-code-tokens';
import type { SiteEnv } from './env';

/** Build-time plugins that keep the JavaScript of a page small (plugins/perf/README.md). */
export function perfPlugins(_env: SiteEnv): PluginConfig[] {
  return [perfPlugin];
}

/**
 * Rehype plugins of every content plugin (docs, upgrade notes, pages): code blocks are tokenized at
 * build time, so the browser runs no Prism.
 */
export const contentRehypePlugins = [rehypeCodeTokens];
