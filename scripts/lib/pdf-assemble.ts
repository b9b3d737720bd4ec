/**
 * Runs in the browser (scripts/pdf.ts evaluates it on a page of the built site served on loopback):
 * fetches the rendered pages of a book, takes each page's article, and replaces the page's body with
 * one long print document — a table of contents, then every section in sidebar order. Links between
 * pages of the book become in-document anchors (Chromium keeps them as internal PDF links), other
 * links of the site point at the public site, and ids get the section's prefix so that they stay
 * unique.
 *
 * Everything it needs is inside the function: it is serialised into the page.
 */
import type { PdfSection } from './pdf-sidebar';

export interface AssembleInput {
  sections: PdfSection[];
  /** Public address of the site, for links to pages outside the book. */
  siteUrl: string;
  /** Print style sheet added to the document. */
  css: string;
}

export interface AssembleResult {
  pages: number;
  images: number;
  brokenImages: string[];
  internalLinks: number;
  /** In-document links whose target is not in the book (Chromium prints them as plain text). */
  unresolvedLinks: string[];
}

export async function assemblePrintDocument(input: AssembleInput): Promise<AssembleResult> {
  const origin = location.origin;
  const byPath = new Map<string, string>();
  for (const section of input.sections) if (section.path) byPath.set(section.path, section.key);
  const normalise = (pathname: string): string => {
    let path = pathname.replace(/index\.html$/, '');
    if (!path.endsWith('/')) path += '/';
    return path;
  };

  const fetched = new Map<string, Document>();
  const parser = new DOMParser();
  const queue = input.sections.filter((section) => section.path).map((section) => section.path as string);
  const worker = async (): Promise<void> => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetch(origin + path);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      fetched.set(path, parser.parseFromString(await response.text(), 'text/html'));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker)); // eight pages fetched at once

  let internalLinks = 0;
  const rewriteLink = (anchor: HTMLAnchorElement, key: string, pageUrl: string): void => {
    const raw = anchor.getAttribute('href');
    if (raw === null) return;
    if (raw.startsWith('#')) {
      anchor.setAttribute('href', raw.length > 1 ? `#${key}--${decodeURIComponent(raw.slice(1))}` : `#${key}`);
      internalLinks++;
      return;
    }
    let url: URL;
    try {
      url = new URL(raw, pageUrl);
    } catch {
      return;
    }
    if (url.origin !== origin) return;
    const target = byPath.get(normalise(url.pathname));
    if (target) {
      const fragment = decodeURIComponent(url.hash.slice(1));
      anchor.setAttribute('href', fragment ? `#${target}--${fragment}` : `#${target}`);
      internalLinks++;
    } else {
      anchor.setAttribute('href', input.siteUrl + url.pathname + url.search + url.hash);
    }
  };

  const body = document.createElement('div');
  body.className = 'pdf-book';

  const toc = document.createElement('nav');
  toc.className = 'pdf-toc';
  const tocTitle = document.createElement('h1');
  tocTitle.textContent = 'Содержание';
  tocTitle.id = 'pdf-toc';
  toc.append(tocTitle);
  const tocList = document.createElement('ol');
  for (const section of input.sections) {
    const item = document.createElement('li');
    item.className = `pdf-toc-depth-${Math.min(section.depth, 3)}`;
    const link = document.createElement('a');
    link.href = `#${section.key}`;
    link.textContent = section.title;
    item.append(link);
    tocList.append(item);
  }
  toc.append(tocList);
  body.append(toc);

  let pages = 0;
  for (const section of input.sections) {
    const wrapper = document.createElement('section');
    wrapper.id = section.key;
    wrapper.className = `pdf-section pdf-depth-${Math.min(section.depth, 3)}`;
    const source = section.path ? fetched.get(section.path) : undefined;
    // The article of a doc page, or the main article of another page.
    const content = source?.querySelector('.theme-doc-markdown') ?? source?.querySelector('main article') ?? null;
    if (!content) {
      // A category without a page of its own: its title opens the part.
      const heading = document.createElement('h1');
      heading.textContent = section.title;
      wrapper.classList.add('pdf-part');
      wrapper.append(heading);
      body.append(wrapper);
      continue;
    }
    pages++;
    const pageUrl = origin + (section.path as string);
    const node = document.importNode(content, true) as HTMLElement;
    node.querySelectorAll('.hash-link, button, script, style, noscript, .theme-doc-toc-mobile, .monq-term__card').forEach((element) => element.remove());
    node.querySelectorAll('[id]').forEach((element) => {
      element.id = `${section.key}--${element.id}`;
    });
    node.querySelectorAll('a[href]').forEach((anchor) => rewriteLink(anchor as HTMLAnchorElement, section.key, pageUrl));
    node.querySelectorAll('img').forEach((image) => {
      image.loading = 'eager';
      image.removeAttribute('srcset');
      const src = image.getAttribute('src');
      if (src) image.src = new URL(src, pageUrl).href;
    });
    node.querySelectorAll('details').forEach((details) => {
      details.open = true;
    });
    node.querySelectorAll('[hidden]').forEach((element) => element.removeAttribute('hidden'));
    wrapper.append(node);
    body.append(wrapper);
  }

  document.querySelectorAll('script, link[rel="preload"], link[rel="prefetch"], link[rel="modulepreload"]').forEach((element) => element.remove());
  const style = document.createElement('style');
  style.textContent = input.css;
  document.head.append(style);
  document.documentElement.setAttribute('data-theme', 'light');
  document.documentElement.classList.add('pdf-print');
  document.body.replaceChildren(body);
  document.body.className = '';

  const images = Array.from(document.images);
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  const brokenImages = images.filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.src);
  await document.fonts.ready;
  const unresolvedLinks = Array.from(document.querySelectorAll('a[href^="#"]'))
    .map((anchor) => decodeURIComponent((anchor.getAttribute('href') as string).slice(1)))
    .filter((id) => !document.getElementById(id));
  return { pages, images: images.length, brokenImages, internalLinks, unresolvedLinks };
}
