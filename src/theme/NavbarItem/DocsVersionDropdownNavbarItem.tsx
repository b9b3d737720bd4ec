/**
 * Wrapper (not an eject): the version dropdown belongs to the versioned docs only, so it hides
 * itself on pages of the unversioned `upgrade` instance.
 */
import type { ReactNode } from 'react';
import OriginalDocsVersionDropdownNavbarItem from '@theme-original/NavbarItem/DocsVersionDropdownNavbarItem';
import type DocsVersionDropdownNavbarItemType from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type { WrapperProps } from '@docusaurus/types';
import { useActivePlugin } from '@docusaurus/plugin-content-docs/client';
import { isVersionDropdownHidden } from '@site/src/lib/versionDropdown';

type Props = WrapperProps<typeof DocsVersionDropdownNavbarItemType>;

export default function DocsVersionDropdownNavbarItemWrapper(props: Props): ReactNode {
  const activePlugin = useActivePlugin({ failfast: false });
  if (isVersionDropdownHidden(activePlugin?.pluginId)) {
    return null;
  }
  return <OriginalDocsVersionDropdownNavbarItem {...props} />;
}
