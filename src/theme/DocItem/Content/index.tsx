/**
 * Ejected from @docusaurus/theme-classic/src/theme/DocItem/Content/index.tsx (Docusaurus 3.10.2;
 * built as `lib/theme/DocItem/Content/index.js`), for the kept article (src/lib/article/README.md). A wrapper
 * cannot do it: the original imports `MDXContent` statically, so every doc page's code would carry it.
 * The changes, marked CUSTOM CODE:
 * - a kept article is drawn from the server's HTML (`dangerouslySetInnerHTML`, which hydration leaves
 *   as it is) and wired on its DOM (enhance.ts);
 * - otherwise the theme's `MDXContent` comes from src/lib/article/mdxContent.ts, which the browser
 *   loads with the route instead of with every doc page.
 */
// CUSTOM CODE: Suspense and the kept article's hooks; no static import of `@theme/MDXContent`
import React, { Suspense, useEffect, useRef, type ReactNode } from 'react';
// CUSTOM CODE END
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import type { Props } from '@theme/DocItem/Content';
// CUSTOM CODE: the kept article (src/lib/article/)
import { useHistory } from '@docusaurus/router';
import { staticHtmlOf } from '@site/src/lib/article/staticArticle';
import { mdxContent } from '@site/src/lib/article/mdxContent';
import { enhanceArticle } from '@site/src/lib/article/enhance';
import { isPageRoute, preloadPage } from '@site/src/lib/article/routes';
// CUSTOM CODE END

/**
 Title can be declared inside md content or declared through
 front matter and added manually. To make both cases consistent,
 the added title is added under the same div.markdown block
 See https://github.com/facebook/docusaurus/pull/4882#issuecomment-853021120

 We render a "synthetic title" if:
 - user doesn't ask to hide it with front matter
 - the markdown content does not already contain a top-level h1 heading
*/
function useSyntheticTitle(): string | null {
  const { metadata, frontMatter, contentTitle } = useDoc();
  const shouldRender =
    !frontMatter.hide_title && typeof contentTitle === 'undefined';
  if (!shouldRender) {
    return null;
  }
  return metadata.title;
}

// CUSTOM CODE: the page the browser opened keeps the server's article, wired on its DOM
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
// CUSTOM CODE END

export default function DocItemContent({ children }: Props): ReactNode {
  const syntheticTitle = useSyntheticTitle();
  // CUSTOM CODE: a kept article, or `MDXContent` loaded with the route
  const html = staticHtmlOf(children);
  if (html !== null) return <KeptArticle html={html} />;
  const { component: MDXContent, suspends } = mdxContent();
  const article = <MDXContent>{children}</MDXContent>;
  // CUSTOM CODE END
  return (
    <div className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}>
      {syntheticTitle && (
        <header>
          <Heading as="h1">{syntheticTitle}</Heading>
        </header>
      )}
      {/* CUSTOM CODE: the article waits for its chunk inside Suspense when it has to load */}
      {suspends ? <Suspense fallback={null}>{article}</Suspense> : article}
      {/* CUSTOM CODE END */}
    </div>
  );
}
