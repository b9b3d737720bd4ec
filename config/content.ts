/**
 * Rehype plugins of every content plugin (docs, upgrade notes, pages): Markdown tables become
 * keyboard-reachable scroll regions (plugins/content/rehype-table-regions.ts), links to a glossary term
 * get the term's card and must name an anchor the glossary has (plugins/content/rehype-glossary-cards.ts),
 * then the build-time plugins of config/perf.ts (code tokens, hydration slices) run as before.
 */
import rehypeTableRegions from '../plugins/content/rehype-table-regions';
import rehypeGlossaryCards from '../plugins/content/rehype-glossary-cards';
import { contentRehypePlugins } from './perf';
import type { SiteEnv } from './env';

export function rehypePlugins(env: SiteEnv) {
  return [rehypeTableRegions, rehypeGlossaryCards, ...contentRehypePlugins(env)];
}
