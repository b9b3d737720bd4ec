/**
 * Wrapper: the docs sidebar (one `<aside>`, with its whole menu on a wide screen) is hydrated after
 * the first pass, in a task of its own (`src/components/HydrationSlice`).
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
