/**
 * «Что изменилось с 8.9» (plugins/changes): each 9.0 page is compared with its 8.9 page; the block
 * under the title of 9.0 pages, one comparison page per changed doc under `/docs/changes/`, and the
 * overview at `/docs/changes/`.
 */
import type { PluginConfig } from '@docusaurus/types';
import changesPlugin, { type ChangesPluginOptions } from '../plugins/changes/index';
import remarkChangesBlock from '../plugins/changes/remark-changes-block';
import type { ChangesOptions } from '../plugins/changes/pages';
import { MOVED_PAGES } from './moved-pages';
import { MOVED_PARAMETERS } from './moved-parameters';
import { MOVED_SECTIONS } from './moved-sections';

/** Where the comparison pages and the overview live. */
export const CHANGES_BASE = '/docs/changes/';

export const CHANGES_OPTIONS = {
  newer: { version: '9.0', dir: 'versioned_docs/version-9.0', base: '/docs/' },
  older: { version: '8.9', dir: 'versioned_docs/version-8.9', base: '/docs/8.9/' },
  moved: MOVED_PAGES,
  movedParameters: MOVED_PARAMETERS,
  movedSections: MOVED_SECTIONS,
  changesBase: CHANGES_BASE,
} satisfies ChangesOptions;

/** Remark plugins of the versioned docs: the block under the title of 9.0 pages. */
export const changesRemarkPlugins = [[remarkChangesBlock, CHANGES_OPTIONS]] as [typeof remarkChangesBlock, ChangesOptions][];

export function changesPlugins(): PluginConfig[] {
  return [
    [
      changesPlugin,
      {
        ...CHANGES_OPTIONS,
        comparisonComponent: '@site/src/components/VersionChanges/Comparison.tsx',
        overviewComponent: '@site/src/components/VersionChanges/Overview.tsx',
      } satisfies ChangesPluginOptions,
    ],
  ];
}
