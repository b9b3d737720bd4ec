/**
 * Replacement of @docusaurus/theme-classic 3.10.2 `lib/theme/ContentVisibility/index.js`: the same
 * banners (unlisted, draft) through the theme's own component, which the browser loads only for a
 * page that shows one. The theme's version imports both banners, and through them the admonition
 * component, into every doc page's code: a page's article no longer needs it
 * (src/lib/article/README.md), and no published page is unlisted or a draft.
 *
 * The server renders the theme's component directly (`__MONQ_SERVER__`, plugins/perf); the browser's
 * bundle drops that `require`.
 */
import React, { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Props } from '@theme/ContentVisibility';

const Banners: ComponentType<Props> = __MONQ_SERVER__
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous import on the server only
    (require('@theme-original/ContentVisibility') as { default: ComponentType<Props> }).default
  : lazy(() => import('@theme-original/ContentVisibility'));

export default function ContentVisibility(props: Props): ReactNode {
  const { unlisted, frontMatter } = props.metadata;
  if (!unlisted && !frontMatter.unlisted && !frontMatter.draft) return null;
  return __MONQ_SERVER__ ? (
    <Banners {...props} />
  ) : (
    <Suspense fallback={null}>
      <Banners {...props} />
    </Suspense>
  );
}
