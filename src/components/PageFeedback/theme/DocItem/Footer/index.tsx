/**
 * Theme wrapper added by plugins/analytics in builds with a destination of the signals only (the
 * analytics counter, `DOCS_SIGNALS=site`): the theme's doc footer (tags, edit link, last update),
 * then the page feedback form. `@theme-init` is the theme's
 * own component, or the site's swizzle of it.
 */
import React, { type ReactNode } from 'react';
import Footer from '@theme-init/DocItem/Footer';
import PageFeedback from '../../..';

export default function FooterWithFeedback(): ReactNode {
  return (
    <>
      <Footer />
      <PageFeedback />
    </>
  );
}
