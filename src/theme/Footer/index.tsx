/**
 * Wrapper: the footer is hydrated after the first pass, in a task of its own
 * (`src/components/HydrationSlice`); it renders one `<footer>` element.
 */
import React, { type ReactNode } from 'react';
import Footer from '@theme-original/Footer';
import type FooterType from '@theme/Footer';
import type { WrapperProps } from '@docusaurus/types';
import HydrationSlice from '@site/src/components/HydrationSlice';

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): ReactNode {
  return (
    <HydrationSlice>
      <Footer {...props} />
    </HydrationSlice>
  );
}
