import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { EDIT_URL, LATEST_VERSION } from './site';
import { sidebarItemsGenerator } from './sidebar';
import type { SiteEnv } from './env';
import { rehypePlugins } from './content';
import { changesRemarkPlugins } from './changes';

/** Options shared by both docs instances (`default` and `upgrade`). */
export const commonDocsOptions = (env: SiteEnv) => ({
  editUrl: EDIT_URL,
  breadcrumbs: true,
  showLastUpdateTime: true,
  showLastUpdateAuthor: false,
  sidebarItemsGenerator,
  sidebarCollapsible: true,
  sidebarCollapsed: true,
  rehypePlugins: rehypePlugins(env),
}) satisfies Partial<DocsOptions>;

/** The versioned documentation: 9.0 at /docs/, 8.9 at /docs/8.9/. */
export function docsOptions(env: SiteEnv): DocsOptions {
  return {
    ...commonDocsOptions(env),
    // «Что изменилось с 8.9» under the title of 9.0 pages (config/changes.ts)
    remarkPlugins: changesRemarkPlugins,
    path: 'docs',
    routeBasePath: 'docs',
    sidebarPath: './sidebars.ts',
    lastVersion: LATEST_VERSION,
    includeCurrentVersion: env.previewNext,
    onlyIncludeVersions: env.previewNext ? ['current', '9.0', '8.9'] : ['9.0', '8.9'],
    versions: {
      ...(env.previewNext
        ? { current: { label: 'Следующая', path: 'next', banner: 'unreleased' as const, badge: true } }
        : {}),
      '9.0': { label: '9.0', path: '', banner: 'none', badge: true },
      '8.9': { label: '8.9', path: '8.9', banner: 'unmaintained', badge: true },
    },
  } satisfies DocsOptions;
}

/** The upgrade guides and release notes, 6.0 to 9.0.6, at /upgrade/. */
export function upgradeDocsOptions(env: SiteEnv): DocsOptions & { id: string } {
  return {
    ...commonDocsOptions(env),
    id: 'upgrade',
    path: 'upgrade',
    routeBasePath: 'upgrade',
    sidebarPath: './sidebarsUpgrade.ts',
  } satisfies DocsOptions & { id: string };
}
