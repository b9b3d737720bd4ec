/**
 * `npm run package`: a versioned archive for installations without internet access.
 *
 *   dist/monq-docs-<version>.tar.gz          monq-docs-<version>/site/   the built site (with .nginx/, .gz, .br,
 *                                                                        and the PDF books in pdf/)
 *                                            monq-docs-<version>/nginx/  deploy/nginx
 *                                            monq-docs-<version>/README.md  install guide (deploy/README.md)
 *                                            monq-docs-<version>/*.png  the images the guide shows
 *   dist/monq-docs-<version>.tar.gz.sha256   for `sha256sum -c`
 *
 * Build the site first (`DOCS_SIGNALS=site npm run build`: production settings, the readers' signals to
 * the site's own host; a build without them is refused unless `--no-signals`). The PDF books (`npm run pdf`) are made
 * here when the build has none of them yet (`--no-pdf` leaves them out). The archive is reproducible:
 * sorted names, fixed owner and dates, a gzip header without a timestamp.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { SIGNALS_MARKER } from '../plugins/analytics/index';
import { PDF_BOOKS, PDF_DIR, type PdfBook } from '../config/pdf';

export interface PackageOptions {
  buildDir: string;
  nginxDir: string;
  guide: string;
  outDir: string;
  version: string;
  /** Seconds since the epoch written as every file's date (SOURCE_DATE_EPOCH). */
  mtime?: number;
  /**
   * Refuse a build made without `DOCS_SIGNALS=site` (no `.nginx/signals.txt`, plugins/analytics): in a
   * closed network the site's own host is the only place the readers' signals can reach.
   */
  requireSignals?: boolean;
}

export interface PackageResult {
  archive: string;
  checksumFile: string;
  sha256: string;
}

/** Files a build must have to be served by deploy/nginx. */
export const REQUIRED_FILES = ['index.html', '404.html', 'sitemap.xml', '.nginx/csp.conf', '.nginx/redirects.conf'];

export function createPackage(options: PackageOptions): PackageResult {
  if (!/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/.test(options.version)) {
    throw new Error(`Unexpected version: ${options.version}`);
  }
  const missing = REQUIRED_FILES.filter((file) => !existsSync(join(options.buildDir, file)));
  if (missing.length) {
    throw new Error(`В сборке ${options.buildDir} нет ${missing.join(', ')}: соберите сайт командой npm run build.`);
  }
  if (options.requireSignals && !existsSync(join(options.buildDir, SIGNALS_MARKER))) {
    throw new Error(
      `Сборка ${options.buildDir} не отправляет сигналы читателей на свой сервер: соберите сайт командой DOCS_SIGNALS=site npm run build (или добавьте --no-signals).`,
    );
  }
  const top = `monq-docs-${options.version}`;
  const stage = mkdtempSync(join(tmpdir(), 'monq-package-'));
  try {
    const root = join(stage, top);
    mkdirSync(root, { recursive: true });
    cpSync(options.buildDir, join(root, 'site'), { recursive: true });
    cpSync(options.nginxDir, join(root, 'nginx'), { recursive: true });
    copyFileSync(options.guide, join(root, 'README.md'));
    // The images the guide shows, beside it (deploy/signals-report.png).
    for (const image of readdirSync(dirname(options.guide)).filter((name) => name.endsWith('.png'))) {
      copyFileSync(join(dirname(options.guide), image), join(root, image));
    }
    const tarFile = join(stage, `${top}.tar`);
    execFileSync('tar', [
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      `--mtime=@${options.mtime ?? 0}`,
      '--mode=u+rwX,go+rX,go-w',
      '-cf',
      tarFile,
      '-C',
      stage,
      top,
    ]);
    mkdirSync(options.outDir, { recursive: true });
    const archive = resolve(options.outDir, `${top}.tar.gz`);
    const gz = gzipSync(readFileSync(tarFile), { level: 9 });
    writeFileSync(archive, gz);
    const sha256 = createHash('sha256').update(gz).digest('hex');
    const checksumFile = `${archive}.sha256`;
    writeFileSync(checksumFile, `${sha256}  ${basename(archive)}\n`);
    return { archive, checksumFile, sha256 };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** PDF books (config/pdf.ts) that a built site does not have yet. */
export function missingPdfBooks(buildDir: string): PdfBook[] {
  return PDF_BOOKS.filter((book) => !existsSync(join(buildDir, PDF_DIR, book.file)));
}

async function main(): Promise<void> {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'build' },
      out: { type: 'string', default: 'dist' },
      version: { type: 'string', default: pkg.version },
      'no-pdf': { type: 'boolean', default: false },
      'no-signals': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      [
        'Использование: DOCS_SIGNALS=site npm run build && npm run package -- [--dir build] [--out dist] [--version 9.0.6] [--no-pdf] [--no-signals]',
        'Собирает архив для установки без доступа в интернет: сайт с PDF-книгами, конфигурация nginx, инструкция, файл SHA-256.',
        'PDF-книги, которых ещё нет в сборке, делаются командой npm run pdf; --no-pdf оставляет архив без них.',
        'Сборка должна быть сделана с DOCS_SIGNALS=site (сигналы читателей — на свой сервер, deploy/README.md); --no-signals пропускает проверку.',
      ].join('\n'),
    );
    return;
  }
  const epoch = Number(process.env.SOURCE_DATE_EPOCH ?? 0);
  try {
    const missing = values['no-pdf'] || !existsSync(join(values.dir, 'index.html')) ? [] : missingPdfBooks(values.dir);
    if (missing.length) {
      console.log(`PDF-книг нет в сборке (${missing.map((book) => book.file).join(', ')}): делаю их.`);
      const { makeBooks } = await import('./pdf');
      await makeBooks({ dir: resolve(values.dir), books: missing });
    }
    const result = createPackage({
      buildDir: values.dir,
      nginxDir: 'deploy/nginx',
      guide: 'deploy/README.md',
      outDir: values.out,
      version: values.version,
      mtime: Number.isFinite(epoch) ? epoch : 0,
      requireSignals: !values['no-signals'],
    });
    const books = PDF_BOOKS.filter((book) => existsSync(join(values.dir, PDF_DIR, book.file))).map((book) => `site/${PDF_DIR}/${book.file}`);
    console.log(`Архив: ${result.archive}\nSHA-256: ${result.sha256} (${result.checksumFile})\nPDF: ${books.join(', ') || 'нет'}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (require.main === module) void main();
