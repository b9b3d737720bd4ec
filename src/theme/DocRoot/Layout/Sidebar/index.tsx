/**
 * Wrapper: the docs sidebar (one `<aside>`) is hydrated after the first pass, in a task of its own
 * (`src/components/HydrationSlice`). On a phone the theme empties it right after hydration; waiting,
 * it is never hydrated only to be removed.
 */
import React, { type ReactNode } from 'react';
import Sidebar from '@theme-original/DocRoot/Layout/Sidebar';
import type SidebarType from '@theme/DocRoot/Layout/Sidebar';
import type { WrapperProps } from '@docusaurus/types';
import HydrationSlice from '@site/src/components/HydrationSlice';

type Props = WrapperProps<typeof SidebarType>;

export default function SidebarWrapper(props: Props): ReactNode {
  return (
    <HydrationSlice>
      <Sidebar {...props} />
    </HydrationSlice>
  );
}
