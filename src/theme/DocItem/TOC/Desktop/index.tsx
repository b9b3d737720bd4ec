/**
 * Wrapper: the table of contents beside the article (one element) is hydrated after the first pass,
 * in a task of its own (`src/components/HydrationSlice`).
 */
import React, { type ReactNode } from 'react';
import TOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import type TOCDesktopType from '@theme/DocItem/TOC/Desktop';
import type { WrapperProps } from '@docusaurus/types';
import HydrationSlice from '@site/src/components/HydrationSlice';

type Props = WrapperProps<typeof TOCDesktopType>;

export default function TOCDesktopWrapper(props: Props): ReactNode {
  return (
    <HydrationSlice>
      <TOCDesktop {...props} />
    </HydrationSlice>
  );
}
