/**
 * Rehype plugins of every content plugin (docs, upgrade notes, pages): Markdown tables become
 * keyboard-reachable scroll regions (plugins/content/rehype-table-regions.ts), then the build-time
 * plugins of config/perf.ts (code tokens, hydration slices) run as before.
 */
import rehypeTableRegions from '../plugins/content/rehype-table-regions';
import { contentRehypePlugins } from './perf';

export const rehypePlugins = [rehypeTableRegions, ...contentRehypePlugins];
