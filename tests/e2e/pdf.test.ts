/**
 * The PDF books (`npm run pdf`, after the production build) as a reader opens them: the cover, the
 * table of contents with page numbers, bookmarks that follow the sidebar, Russian text that can be
 * found, page numbers, in-document links that land on the right page, the diagrams; and the site's
 * «Скачать PDF», offered only when the file is on the host. Poppler's pdfinfo and pdftotext read
 * the files as a PDF viewer would; pdf-lib reads the bookmarks and the link annotations.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, type PDFObject } from 'pdf-lib';
import { PDF_BOOKS, PDF_DIR } from '../../config/pdf';
import { readSidebar, sidebarSections } from '../../scripts/lib/pdf-sidebar';
import { destinationPages, namedLinks } from '../../scripts/lib/pdf-finish';
import { buildDir, siteUnderTest, visit } from './lib';

const pdfDir = join(buildDir, PDF_DIR);

function pdfFile(file: string): string {
  const path = join(pdfDir, file);
  if (!existsSync(path)) throw new Error(`No ${path}: run npm run pdf after npm run build.`);
  return path;
}

function pdfinfo(path: string): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of execFileSync('pdfinfo', [path], { encoding: 'utf8' }).split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) info[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return info;
}

/** Text of pages `first`..`last` (1-based, as a viewer counts them). */
function pdftext(path: string, first: number, last = first, layout = false): string {
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-f', String(first), '-l', String(last), '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

function text(value: PDFObject | undefined): string {
  return value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : '';
}

interface OutlineEntry {
  title: string;
  page: number;
  children: OutlineEntry[];
}

/** The bookmarks, each with the index of the page it opens. */
function readOutline(doc: PDFDocument): OutlineEntry[] {
  const pageIndex = new Map(doc.getPages().map((page, index) => [page.ref.toString(), index]));
  const named = destinationPages(doc);
  const walk = (first: PDFObject | undefined): OutlineEntry[] => {
    const entries: OutlineEntry[] = [];
    let item = first instanceof PDFDict ? first : undefined;
    while (item) {
      const dest = item.lookup(PDFName.of('Dest'));
      let page = -1;
      if (dest instanceof PDFArray) page = pageIndex.get(dest.get(0).toString()) ?? -1;
      else if (dest instanceof PDFName) page = named.get(dest.decodeText()) ?? -1;
      entries.push({ title: text(item.lookup(PDFName.of('Title'))), page, children: walk(item.lookup(PDFName.of('First'))) });
      const next = item.lookup(PDFName.of('Next'));
      item = next instanceof PDFDict ? next : undefined;
    }
    return entries;
  };
  const root = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  return root ? walk(root.lookup(PDFName.of('First'))) : [];
}

function flatten(entries: OutlineEntry[]): OutlineEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

for (const book of PDF_BOOKS) {
  describe(`PDF ${book.file}`, () => {
    const sidebar = () => readSidebar(resolve('.docusaurus'), book.pluginId, book.version, book.sidebarId);
    let loaded: Promise<PDFDocument> | undefined;
    const load = () => (loaded ??= PDFDocument.load(readFileSync(pdfFile(book.file))));

    test('properties, and a page count that holds every page of the sidebar', () => {
      const info = pdfinfo(pdfFile(book.file));
      assert.equal(info.Title, book.title);
      assert.equal(info['Page size']?.includes('A4'), true, info['Page size']);
      const pages = Number(info.Pages);
      const sitePages = sidebarSections(sidebar()).filter((section) => section.path).length;
      assert.ok(pages > sitePages + 2, `${pages} pages for ${sitePages} pages of the site`);
    });

    test('the cover names the book, the product version and the build date', () => {
      const cover = pdftext(pdfFile(book.file), 1).replace(/\s+/g, ' ');
      assert.ok(cover.includes(book.title), cover);
      assert.ok(cover.includes(`Версия продукта: ${book.productVersion}`), cover);
      assert.match(cover, /Дата сборки: \d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4}/);
    });

    test('the table of contents lists the sidebar with the printed page of each entry', async () => {
      const path = pdfFile(book.file);
      const doc = await load();
      const total = doc.getPageCount();
      const toc = pdftext(path, 2, 2, true);
      assert.match(toc, /^\s*Содержание/);
      // the footer numbers the pages after the cover from 1
      assert.match(toc, new RegExp(`\\b1 / ${total - 1}\\b`));
      const first = sidebarSections(sidebar())[0];
      assert.ok(first);
      // the first entry's line ends with the number printed on the page the entry opens
      const line = toc.split('\n').find((row) => row.includes(first.title)) ?? '';
      const printed = Number(/(\d+)\s*$/.exec(line)?.[1]);
      assert.ok(printed > 1, line);
      assert.ok(pdftext(path, printed + 1).includes(first.title), `page ${printed} opens «${first.title}»`);
    });

    test('bookmarks follow the sidebar, each opening a page of the book', async () => {
      const doc = await load();
      const outline = readOutline(doc);
      const top = sidebar()
        .filter((item) => item.type !== 'html' && !(item.type === 'link' && !item.href.startsWith('/')))
        .map((item) => (item.type === 'html' ? '' : item.label));
      assert.deepEqual(
        outline.map((entry) => entry.title),
        ['Содержание', ...top, 'Глоссарий'],
      );
      const all = flatten(outline);
      assert.equal(all.length, sidebarSections(sidebar()).length + 2);
      for (const entry of all) {
        assert.ok(entry.page >= 1 && entry.page < doc.getPageCount(), `«${entry.title}» opens page ${entry.page}`);
      }
      // in reading order
      const pages = all.map((entry) => entry.page);
      assert.deepEqual(pages, [...pages].sort((a, b) => a - b));
    });

    test('in-document links land on a page of the book, glossary terms included', async () => {
      const doc = await load();
      const dests = destinationPages(doc);
      let links = 0;
      let glossaryLinks = 0;
      const glossaryPage = readOutline(doc).at(-1)?.page ?? 0;
      const tocPages = readOutline(doc)[1]?.page ?? 0;
      for (let index = 0; index < doc.getPageCount(); index++) {
        for (const link of namedLinks(doc, index)) {
          const target = dests.get(link.name);
          assert.ok(target !== undefined, `link to ${link.name} on page ${index + 1} has a destination`);
          links++;
          // a term linked from a page of the book opens the glossary at the back
          if (index >= tocPages && index < glossaryPage && target >= glossaryPage) glossaryLinks++;
        }
      }
      assert.ok(links > sidebarSections(sidebar()).length * 2, `${links} internal links`);
      if (book.pluginId === 'default') assert.ok(glossaryLinks > 10, `${glossaryLinks} links into the glossary`);
    });
  });
}

describe('the content of the 9.0 book', () => {
  test('Russian text can be found, with the code, the tables and the diagrams of the pages', () => {
    const all = pdftext(pdfFile('monq-docs-9.0.pdf'), 1, 100_000);
    // a page's text
    assert.match(all, /Здоровье КЕ/);
    assert.match(all, /конфигурационной\s+единицы/);
    // a code block, wrapped and whole
    assert.match(all, /helm upgrade --install agent-dc1 monqdl\/monq-agent/);
    // the labels of a diagram (static/img/reference/ci-links.svg) are text in the PDF
    assert.match(all, /Два типа связей КЕ/);
    assert.match(all, /db-cluster-01/);
  });
});

describe('«Скачать PDF» in the version dropdown', () => {
  const site = siteUnderTest();

  async function pdfLinks(path: string, absent: boolean): Promise<{ hrefs: string[]; html: string }> {
    const { page } = await site.open();
    if (absent) {
      // a build without the PDF step: its list is the empty one of static/pdf/index.json
      await page.context().route(
        (url) => url.pathname === `/${PDF_DIR}/index.json`,
        (route) => route.fulfill({ status: 200, contentType: 'application/json', path: 'static/pdf/index.json' }),
      );
    }
    const failed: string[] = [];
    page.on('response', (answer) => {
      if (answer.status() >= 400) failed.push(`${answer.status()} ${answer.url()}`);
    });
    // the page reads the list of its host's PDFs once it is interactive
    const asked = page.waitForResponse((answer) => new URL(answer.url()).pathname === `/${PDF_DIR}/index.json`);
    const response = await visit(page, site.server.url + path);
    const html = (await response?.text()) ?? '';
    assert.equal((await asked).status(), 200);
    assert.deepEqual(failed, []);
    // the version dropdown: the one with the archive hosts
    const dropdown = page.locator('.navbar__item.dropdown', { has: page.locator('a[href="https://v8.docs.monq.ru"]') }).first();
    await dropdown.hover();
    if (!absent) await dropdown.locator('.pdf-download-link').waitFor({ state: 'visible', timeout: 10_000 });
    const hrefs = await dropdown.locator('a', { hasText: 'Скачать PDF' }).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
    return { hrefs, html };
  }

  test('on a 9.0 page it downloads the 9.0 book from the site itself', async () => {
    const { hrefs, html } = await pdfLinks('/docs/get-started/', false);
    assert.deepEqual(hrefs, ['/pdf/monq-docs-9.0.pdf']);
    // the server-rendered page never carries it: a build without PDFs has no broken link
    assert.ok(!html.includes('Скачать PDF'));
    const response = await fetch(site.server.url + hrefs[0]);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
  });

  test('on an 8.9 page it offers the 8.9 book', async () => {
    const { hrefs } = await pdfLinks('/docs/8.9/get-started/', false);
    assert.deepEqual(hrefs, ['/pdf/monq-docs-8.9.pdf']);
  });

  test('when the host has no PDF, there is no link', async () => {
    const { hrefs } = await pdfLinks('/docs/get-started/', true);
    assert.deepEqual(hrefs, []);
  });
});

describe('printing a page from the browser', () => {
  const site = siteUnderTest();

  test('only the article: no navbar, sidebar, table of contents, footer or buttons; code wraps; tables fit', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.server.url}/docs/get-started/quick-guide/infra/install-agent/`);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.navbar', '.theme-doc-sidebar-container', '.theme-doc-toc-desktop', '.footer', '.theme-code-block button']) {
      const shown = await page.locator(selector).evaluateAll((nodes) => nodes.filter((node) => getComputedStyle(node).display !== 'none').length);
      assert.equal(shown, 0, `${selector} is hidden in print`);
    }
    const pre = page.locator('.markdown pre').first();
    assert.equal(await pre.evaluate((node) => getComputedStyle(node).whiteSpace), 'pre-wrap');
    const overflow = await page.locator('.markdown table, .markdown pre').evaluateAll((nodes) =>
      nodes.filter((node) => node.getBoundingClientRect().right > (document.querySelector('.markdown') as HTMLElement).getBoundingClientRect().right + 1).length,
    );
    assert.equal(overflow, 0, 'tables and code stay inside the article');
  });
});
