/**
 * Ejected from @docusaurus/theme-classic 3.10.2 (`lib/theme/DocItem/Content/index.js`), for the kept
 * article (src/lib/article/README.md):
 * - a kept article is drawn from the server's HTML (`dangerouslySetInnerHTML`, which hydration leaves
 *   as it is) and wired on its DOM (enhance.ts);
 * - otherwise the theme's `MDXContent` comes from src/lib/article/mdxContent.ts, which the browser
 *   loads with the route instead of with every doc page.
 * The synthetic title is the theme's: rendered when the front matter does not hide it and the
 * Markdown has no top-level heading.
 */
import React, { Suspense, useEffect, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { useHistory } from '@docusaurus/router';
import Heading from '@theme/Heading';
import type { Props } from '@theme/DocItem/Content';
import { staticHtmlOf } from '@site/src/lib/article/staticArticle';
import { mdxContent } from '@site/src/lib/article/mdxContent';
import { enhanceArticle } from '@site/src/lib/article/enhance';
import { isPageRoute, preloadPage } from '@site/src/lib/article/routes';

function useSyntheticTitle(): string | null {
  const { metadata, frontMatter, contentTitle } = useDoc();
  const shouldRender = !frontMatter.hide_title && typeof contentTitle === 'undefined';
  return shouldRender ? metadata.title : null;
}

const CLASS_NAME = clsx(ThemeClassNames.docs.docMarkdown, 'markdown');

function KeptArticle({ html }: { html: string }): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const history = useHistory();
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    return enhanceArticle(root, (to) => history.push(to), isPageRoute, preloadPage);
  }, [history, html]);
  return <div ref={ref} className={CLASS_NAME} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function DocItemContent({ children }: Props): ReactNode {
  const syntheticTitle = useSyntheticTitle();
  const html = staticHtmlOf(children);
  if (html !== null) return <KeptArticle html={html} />;
  const { component: MDXContent, suspends } = mdxContent();
  const article = <MDXContent>{children}</MDXContent>;
  return (
    <div className={CLASS_NAME}>
      {syntheticTitle && (
        <header>
          <Heading as="h1">{syntheticTitle}</Heading>
        </header>
      )}
      {suspends ? <Suspense fallback={null}>{article}</Suspense> : article}
    </div>
  );
}
