/**
 * The article of the page the browser opened, kept as the server rendered it (README.md in this
 * folder). ComponentCreator asks `openedArticle` when it loads a route with a Markdown chunk: with
 * the server's HTML and the article data the server wrote next to it (`ArticleData`), the route's
 * content is `staticArticle(html)` with that data, and `DocItem/Content` renders the HTML instead of
 * the compiled article.
 */
import { isValidElement, type ComponentType, type ReactNode } from 'react';

/** The element of the doc page's article (Docusaurus's `ThemeClassNames.docs.docMarkdown`). */
export const ARTICLE_SELECTOR = '.theme-doc-markdown';
/** The id of the JSON data block with the page's article data (src/theme/DocItem/index.tsx). */
export const ARTICLE_DATA_ID = 'monq-article-data';

/**
 * What a doc page reads of its compiled Markdown besides the article itself: the exports that
 * Docusaurus's mdx-loader writes next to the default one.
 */
export const ARTICLE_DATA_KEYS = ['metadata', 'frontMatter', 'contentTitle', 'toc', 'assets'] as const;
export type ArticleData = Partial<Record<(typeof ARTICLE_DATA_KEYS)[number], unknown>>;

/** The article data of a compiled page, as the text of a JSON data block (`<` escaped). */
export function articleDataJson(content: Readonly<Record<string, unknown>>): string {
  const data: ArticleData = {};
  for (const key of ARTICLE_DATA_KEYS) if (content[key] !== undefined) data[key] = content[key];
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The kept article of the opened page: its HTML and its data. */
export interface KeptArticle {
  readonly html: string;
  readonly data: ArticleData;
}

/** A route content that renders nothing itself: `DocItem/Content` draws `html`. */
export type StaticArticle = ComponentType & { readonly staticHtml: string };

/** The same page address, whatever its trailing slash or percent-encoding. */
export function samePath(a: string, b: string): boolean {
  const normal = (path: string) => {
    let decoded = path;
    try {
      decoded = decodeURI(path);
    } catch {
      // a malformed address is compared as written
    }
    return decoded.replace(/\/+$/, '') || '/';
  };
  return normal(a) === normal(b);
}

let claimed = false;

/**
 * The server-rendered article and its data, once: when `path` is the page the browser opened,
 * nothing has rendered a route with an article yet, and both are in the document. Null otherwise (a
 * page reached by navigation; the dev server, which renders nothing on the server; a page that is
 * not a doc page).
 */
export function openedArticle(path: string, doc: Document | undefined = globalThis.document): KeptArticle | null {
  if (claimed || !doc) return null;
  claimed = true;
  if (!samePath(path, doc.location.pathname)) return null;
  const article = doc.querySelector(ARTICLE_SELECTOR);
  const block = doc.getElementById(ARTICLE_DATA_ID);
  if (!article || !block?.textContent) return null;
  try {
    const data: unknown = JSON.parse(block.textContent);
    if (typeof data !== 'object' || data === null || !('metadata' in data)) return null;
    return { html: article.innerHTML, data: data as ArticleData };
  } catch {
    return null;
  }
}

/** Tests: forget that the opened article was handed out. */
export function resetOpenedArticle(): void {
  claimed = false;
}

/** The route content of a kept article: a component with the HTML on it. */
export function staticArticle(html: string): StaticArticle {
  const Article = (() => null) as unknown as { staticHtml: string } & ComponentType;
  Article.staticHtml = html;
  return Article as StaticArticle;
}

/** The kept HTML when `children` (the `<MDXComponent />` DocItem renders) is a kept article, else null. */
export function staticHtmlOf(children: ReactNode): string | null {
  if (!isValidElement(children)) return null;
  const type: unknown = children.type;
  if (typeof type !== 'function') return null;
  const html = (type as { staticHtml?: unknown }).staticHtml;
  return typeof html === 'string' ? html : null;
}
