/**
 * `changes`: «Что изменилось с 8.9» (README.md). In `loadContent` it compares every page of the newer
 * docs version with its older counterpart (pages.ts); in `contentLoaded` it adds one comparison page
 * per changed doc and the overview. The block on each doc page is written by remark-changes-block.ts
 * from the same comparison (computed once a process: `siteChanges`).
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import { computeChanges, rememberChanges, writerHints, type ChangesOptions, type SiteChanges } from './pages';
import { bundleComparisons, comparisonData, overviewData } from './page-data';

export type ChangesPluginOptions = ChangesOptions & {
  /** The components of the two kinds of page (`@site/src/components/...`). */
  comparisonComponent: string;
  overviewComponent: string;
};

export default function changesPlugin(_context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as ChangesPluginOptions;
  return {
    name: 'changes',
    loadContent() {
      // computed afresh for each load (the dev server reloads on edits), then shared with the remark plugin
      const changes = computeChanges(options);
      // for writers: renames to confirm in config/moved-parameters.ts, pages that need a `changes:` note
      for (const line of writerHints(changes)) console.warn(line);
      return rememberChanges(options, changes);
    },
    async contentLoaded({ content: loaded, actions }) {
      const content = loaded as SiteChanges;
      const versions = { newer: options.newer.version, older: options.older.version };
      const entries = content.pages.flatMap((result) =>
        result.status === 'changed' && result.comparePath ? [{ path: result.comparePath, data: comparisonData(result, versions, options.changesBase) }] : [],
      );
      // a few shared data modules: one chunk a page would lengthen every chunk id and the runtime's chunk map
      for (const [index, bundle] of bundleComparisons(entries).entries()) {
        const data = await actions.createData(`comparisons-${index}.json`, JSON.stringify(bundle));
        for (const path of Object.keys(bundle)) {
          actions.addRoute({ path, component: options.comparisonComponent, exact: true, modules: { comparisons: data } });
        }
      }
      const overview = await actions.createData('overview.json', JSON.stringify(overviewData(content, 'Документация')));
      actions.addRoute({ path: options.changesBase, component: options.overviewComponent, exact: true, modules: { overview } });
    },
  };
}
