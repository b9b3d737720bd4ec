/**
 * Markdown images as files, not data URIs.
 *
 * Docusaurus's Markdown loader turns `![…](/img/x.svg)` into a `require` of the image through
 * url-loader with `limit=10000`: an image under 10 KB (all the site's diagrams) becomes a base64 data
 * URI, written twice, in the page's HTML and in the page's JavaScript chunk, where gzip can do little
 * with it (about 2 KB gzip per diagram), and cached with neither. With the limit at 0, the image is a
 * file of its own (`assets/images/<name>-<hash>.svg`), fetched once, cached for good (its name changes
 * with its content) and, being `loading="lazy"`, only when the reader scrolls to it.
 *
 * The limit is part of a request string that `@docusaurus/utils` builds once, from the environment
 * (`WEBPACK_URL_LOADER_LIMIT`), before the site config is read. The Markdown loader reads that string
 * for every file, so setting it here, for the server and the client alike (the HTML and the hydrated
 * page show the same `src`), applies to every build command without an environment variable.
 */
import { createRequire } from 'node:module';

/** The inline limit of Markdown images: 0, never inline. */
export const MARKDOWN_IMAGE_INLINE_LIMIT = 0;

interface FileLoaderUtils {
  loaders: { inlineMarkdownImageFileLoader: string };
}

/** `@docusaurus/utils` as the Markdown loader resolves it: the instance whose request strings it reads. */
function mdxLoaderUtils(): { getFileLoaderUtils(isServer: boolean): FileLoaderUtils } {
  const requireHere = createRequire(import.meta.url);
  const fromMdxLoader = createRequire(requireHere.resolve('@docusaurus/mdx-loader'));
  return fromMdxLoader('@docusaurus/utils') as { getFileLoaderUtils(isServer: boolean): FileLoaderUtils };
}

/** `!url-loader?limit=10000&name=…!` with the limit set to `limit`; a request without one stops the build. */
export function withInlineLimit(request: string, limit: number): string {
  if (!/[?&]limit=\d+(?=&|!)/.test(request)) {
    throw new Error(`perf: no url-loader limit in the Markdown image request "${request}"; see plugins/perf/markdown-images.ts`);
  }
  return request.replace(/([?&])limit=\d+(?=&|!)/, `$1limit=${limit}`);
}

/** Sets the Markdown image requests of both bundles to `MARKDOWN_IMAGE_INLINE_LIMIT`. */
export function markdownImagesAsFiles(utils = mdxLoaderUtils()): void {
  for (const isServer of [false, true]) {
    const { loaders } = utils.getFileLoaderUtils(isServer);
    loaders.inlineMarkdownImageFileLoader = withInlineLimit(loaders.inlineMarkdownImageFileLoader, MARKDOWN_IMAGE_INLINE_LIMIT);
  }
}
