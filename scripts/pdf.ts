/**
 * `npm run pdf`: the PDF books of the portal, made from the built site (`npm run build` first).
 *
 *   build/pdf/monq-docs-9.0.pdf        docs 9.0
 *   build/pdf/monq-docs-8.9.pdf        docs 8.9
 *   build/pdf/monq-upgrade-notes.pdf   upgrade rules and release notes
 *
 * For each book: the built site is served on loopback; Debian Chromium (playwright-core) fetches the
 * book's pages in sidebar order (scripts/lib/pdf-sidebar.ts) and joins their articles into one print
 * document with a table of contents and in-document links (scripts/lib/pdf-assemble.ts); Chromium
 * prints it once, with page numbers in the footer; pdf-lib then adds the cover, the bookmarks and the
 * page numbers of the table of contents (scripts/lib/pdf-finish.ts). Every request that would leave
 * loopback is refused.
 *
 *   npm run pdf -- [--dir build] [--book monq-docs-9.0.pdf] [--out build/pdf] [--jobs 2]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { PDF_BOOKS, PDF_DIR, type PdfBook } from '../config/pdf';
import { SITE_URL } from '../config/site';
import { serveStatic } from './lib/static-server';
import { PDF_LIST_FILE } from '../src/lib/pdfLink';
import { escapeHtml } from '../src/search/highlight';
import { readSidebar, sidebarSections, type PdfSection } from './lib/pdf-sidebar';
import { assemblePrintDocument, type AssembleInput, type AssembleResult } from './lib/pdf-assemble';
import { finishBook, russianDate } from './lib/pdf-finish';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEFAULT_JOBS = Math.min(2, availableParallelism());
const GLOSSARY: Omit<PdfSection, 'key'> = { title: 'Глоссарий', depth: 0, path: '/glossary/', children: [] };

/** Seconds from one `performance.now()` to another (or to now), one decimal. */
const since = (from: number, to = performance.now()): string => ((to - from) / 1000).toFixed(1);

/** Evaluates a function written in TypeScript in the page: tsx names inner functions with `__name`. */
function pageCall<A>(fn: (arg: A) => unknown, arg: A): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg)}); })()`;
}

/**
 * CPU seconds used so far by this process and everything it started and still runs (Chromium), from
 * /proc: taken around one book while its renderer is alive, it is that book's cost.
 */
function treeCpuSeconds(): number | null {
  try {
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // Fields after the name: state ppid … utime(12) stime(13) cutime(14) cstime(15).
        const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
        stats.set(Number(name), { ppid: Number(fields[1]), ticks });
      } catch {
        // the process ended while being read
      }
    }
    const inTree = (pid: number): boolean => {
      for (let at: number | undefined = pid; at; at = stats.get(at)?.ppid) if (at === process.pid) return true;
      return false;
    };
    return [...stats].reduce((sum, [pid, stat]) => sum + (inTree(pid) ? stat.ticks : 0), 0) / 100;
  } catch {
    return null;
  }
}

function coverHtml(book: PdfBook, date: string, logoSvg: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><style>
    @page { size: A4; margin: 0; }
    html, body { margin: 0; height: 100%; font-family: system-ui, 'DejaVu Sans', sans-serif; color: #1c1e21; }
    .cover { box-sizing: border-box; height: 297mm; padding: 40mm 25mm; display: flex; flex-direction: column; }
    .logo { width: 28mm; height: 28mm; }
    .logo svg { width: 100%; height: 100%; }
    h1 { font-size: 30pt; margin: 30mm 0 8mm; line-height: 1.15; }
    .version { font-size: 16pt; margin: 0 0 4mm; }
    .date { font-size: 12pt; color: #555; margin: 0; }
    .site { margin-top: auto; font-size: 11pt; color: #555; }
  </style></head><body><div class="cover">
    <div class="logo">${logoSvg}</div>
    <h1>${escapeHtml(book.title)}</h1>
    <p class="version">Версия продукта: ${escapeHtml(book.productVersion)}</p>
    <p class="date">Дата сборки: ${escapeHtml(date)}</p>
    <p class="site">Monq Docs · ${escapeHtml(SITE_URL.replace(/^https?:\/\//, ''))}</p>
  </div></body></html>`;
}

function footerTemplate(book: PdfBook): string {
  return `<div style="width:100%;font-size:8px;color:#666;padding:0 16mm;display:flex;justify-content:space-between;font-family:'DejaVu Sans',sans-serif">
    <span>${escapeHtml(book.title)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`;
}

async function makeBook(browser: Browser, origin: string, book: PdfBook, options: { outDir: string; date: Date; alone: boolean }): Promise<void> {
  const started = performance.now();
  const cpuBefore = treeCpuSeconds();
  const sidebar = readSidebar(resolve('.docusaurus'), book.pluginId, book.version, book.sidebarId);
  const sections = sidebarSections(sidebar);
  sections.push({ ...GLOSSARY, key: `s${sections.length + 1}` });

  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    // Only the site itself: its scripts stay out (the print document is static), and nothing leaves loopback.
    await context.route(
      (url) => url.origin !== origin || /\.m?js$/.test(url.pathname),
      (route) => route.abort(),
    );
    const page = await context.newPage();
    const first = sections.find((section) => section.path)?.path ?? '/';
    await page.goto(origin + first, { waitUntil: 'load' });
    const input: AssembleInput = { sections, siteUrl: SITE_URL, css: readFileSync(new URL('pdf/book.css', import.meta.url), 'utf8') };
    const assembled = (await page.evaluate(pageCall(assemblePrintDocument, input))) as AssembleResult;
    if (assembled.unresolvedLinks.length) {
      console.warn(`[pdf] ${book.file}: ${assembled.unresolvedLinks.length} links to anchors that are not in the book: ${assembled.unresolvedLinks.slice(0, 5).join(', ')}`);
    }
    if (assembled.brokenImages.length) {
      throw new Error(`${book.file}: images that did not load: ${assembled.brokenImages.join(', ')}`);
    }
    const assembledAt = performance.now();
    const body = await page.pdf({
      format: 'A4',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footerTemplate(book),
      margin: { top: '16mm', bottom: '18mm', left: '16mm', right: '16mm' },
    });
    const printedAt = performance.now();

    const logo = readFileSync('static/img/logo.svg', 'utf8');
    await page.setContent(coverHtml(book, russianDate(options.date), logo));
    const cover = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '0', bottom: '0', left: '0', right: '0' } });

    const finished = await finishBook({ body, cover, sections, title: book.title, subject: book.productVersion, date: options.date });
    const file = join(options.outDir, book.file);
    writeFileSync(file, finished.bytes);
    const cpuAfter = treeCpuSeconds();
    const cpu = options.alone && cpuBefore !== null && cpuAfter !== null ? `, CPU ${(cpuAfter - cpuBefore).toFixed(1)} s` : '';
    console.log(
      `[pdf] ${book.file}: ${finished.pages} pages, ${(finished.bytes.length / 1024 / 1024).toFixed(1)} MB, ` +
        `${assembled.pages} site pages, ${assembled.internalLinks} internal links, ${assembled.images} images; ` +
        `${since(started)} s (assemble ${since(started, assembledAt)} s, print ${since(assembledAt, printedAt)} s${cpu})`,
    );
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'build' },
      out: { type: 'string' },
      book: { type: 'string', multiple: true },
      jobs: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      [
        'Использование: npm run pdf -- [--dir build] [--out build/pdf] [--book monq-docs-9.0.pdf ...] [--jobs 2]',
        'Делает PDF документации 9.0, 8.9 и заметок об обновлении из собранного сайта (сначала npm run build).',
        `Книги: ${PDF_BOOKS.map((book) => book.file).join(', ')}`,
      ].join('\n'),
    );
    return;
  }
  const books = values.book?.length ? PDF_BOOKS.filter((book) => values.book?.includes(book.file)) : [...PDF_BOOKS];
  if (!books.length) throw new Error(`Нет таких книг: ${values.book?.join(', ')}`);
  const jobs = values.jobs ? Number(values.jobs) : undefined;
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs > 0)) throw new Error(`--jobs: целое число больше нуля, а не ${values.jobs}`);
  await makeBooks({ dir: resolve(values.dir), outDir: values.out ? resolve(values.out) : undefined, books, jobs });
}

/**
 * The PDF books of a built site; the date on the covers is SOURCE_DATE_EPOCH when set, else now.
 * `jobs` books are printed at once (each in its own renderer process): two by default, as many as the
 * CI machine has cores. The CPU figure of a book is its own only when it is printed alone.
 */
export async function makeBooks(options: { dir: string; outDir?: string; books?: readonly PdfBook[]; jobs?: number }): Promise<void> {
  const books = options.books ?? PDF_BOOKS;
  const jobs = Math.max(1, Math.min(options.jobs ?? DEFAULT_JOBS, books.length));
  const outDir = options.outDir ?? join(options.dir, PDF_DIR);
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const date = Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
  mkdirSync(outDir, { recursive: true });

  const server = await serveStatic(options.dir, 0, '127.0.0.1', { plain: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const started = performance.now();
  const queue = [...books];
  try {
    await Promise.all(
      Array.from({ length: jobs }, async () => {
        for (let book = queue.shift(); book; book = queue.shift()) {
          await makeBook(browser, new URL(server.url).origin, book, { outDir, date, alone: jobs === 1 });
        }
      }),
    );
  } finally {
    await browser.close();
    await server.close();
  }
  // The list the version dropdown reads (src/lib/pdfLink.ts): every PDF now in the folder.
  const files = readdirSync(outDir).filter((name) => name.endsWith('.pdf')).sort();
  writeFileSync(join(outDir, PDF_LIST_FILE), `${JSON.stringify({ files })}\n`);
  console.log(`[pdf] ${books.length} books in ${since(started)} s (${jobs} at once) -> ${outDir}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
