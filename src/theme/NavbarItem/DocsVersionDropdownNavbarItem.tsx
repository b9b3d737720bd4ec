/**
 * Wrapper (not an eject): the version dropdown belongs to the versioned docs only, so it hides
 * itself on pages of the unversioned `upgrade` instance; and it offers «Скачать PDF» for the version
 * it shows when that PDF is on the host (`src/lib/pdfLink.ts`).
 */
import type { ReactNode } from 'react';
import OriginalDocsVersionDropdownNavbarItem from '@theme-original/NavbarItem/DocsVersionDropdownNavbarItem';
import type DocsVersionDropdownNavbarItemType from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type { WrapperProps } from '@docusaurus/types';
import { useActivePlugin, useDocsVersionCandidates } from '@docusaurus/plugin-content-docs/client';
import { isVersionDropdownHidden } from '@site/src/lib/versionDropdown';
import { pdfLinkHtml, usePdfAvailable } from '@site/src/lib/pdfLink';
import { pdfHref } from '@site/src/shared/site';

type Props = WrapperProps<typeof DocsVersionDropdownNavbarItemType>;

const DEFAULT_PLUGIN = 'default';

export default function DocsVersionDropdownNavbarItemWrapper(props: Props): ReactNode {
  const activePlugin = useActivePlugin({ failfast: false });
  const pluginId = props.docsPluginId ?? DEFAULT_PLUGIN;
  // The version the dropdown shows: the page's, else the reader's preferred one, else the latest.
  const shown = useDocsVersionCandidates(pluginId)[0];
  const href = shown ? pdfHref(pluginId, shown.name) : null;
  const pdfPresent = usePdfAvailable(href);
  if (isVersionDropdownHidden(activePlugin?.pluginId)) {
    return null;
  }
  if (!pdfPresent || !href || !shown) {
    return <OriginalDocsVersionDropdownNavbarItem {...props} />;
  }
  const pdfItem = { type: 'html' as const, value: pdfLinkHtml(href, shown.label, props.mobile ?? false) };
  return <OriginalDocsVersionDropdownNavbarItem {...props} dropdownItemsAfter={[pdfItem, ...(props.dropdownItemsAfter ?? [])]} />;
}
