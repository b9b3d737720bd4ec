/**
 * Theme wrapper added by plugins/analytics in builds with the analytics counter only: the theme's doc
 * footer (tags, edit link, last update), then the page feedback form. `@theme-init` is the theme's
 * own component, or the site's swizzle of it.
 */
import React, { type ReactNode } from 'react';
import Footer from '@theme-init/DocItem/Footer';
import PageFeedback from '@site/src/components/PageFeedback';

export default function FooterWithFeedback(): ReactNode {
  return (
    <>
      <Footer />
      <PageFeedback />
    </>
  );
}
