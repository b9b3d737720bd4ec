/**
 * Build-time compression: `file.gz` and `file.br` next to every text file of the site, served as
 * they are by nginx (`gzip_static`, `brotli_static`) without compressing on each request.
 */
import { readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The file a compression worker runs: plain CommonJS, see its header. */
const COMPRESS_WORKER = join(dirname(fileURLToPath(import.meta.url)), 'compress-worker.cjs');

/** Text files worth compressing. Images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|xml|svg|txt|md|map|webmanifest|ico)$/i;
/** Brotli quality: on this site's bundles 6 gives 5 % more bytes than 9 in a ninth of the time. */
export const BROTLI_QUALITY = 6;
/** gzip level: on this site's text files 6 gives 1 % more bytes than 9 in a fifth of the time. */
export const GZIP_LEVEL = 6;
/** Below this size the headers outweigh the gain. */
export const MIN_BYTES = 512;

export interface CompressResult {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/**
 * Every file under `dir` (relative paths with `/`), skipping the given top-level directories. Read
 * synchronously, so that the walk does not queue behind the other postBuild work on the main thread.
 */
export function listFiles(dir: string, skipDirs: readonly string[] = []): string[] {
  const out: string[] = [];
  function walk(current: string): void {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      const rel = relative(dir, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!skipDirs.includes(rel)) walk(full);
      } else if (entry.isFile()) {
        out.push(rel);
      }
    }
  }
  walk(dir);
  return out.sort();
}

export function shouldCompress(rel: string, size: number): boolean {
  return COMPRESSIBLE.test(rel) && size >= MIN_BYTES;
}

/** Worker threads for compressing: one per core, at most four. */
export function compressThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Split the files into `parts` lists of about the same number of bytes: largest first, each to the
 * lightest list so far. Each worker then gets its whole share at once and never waits for the main
 * thread, which builds the search index at the same time.
 */
export function balance(files: ReadonlyArray<{ path: string; size: number }>, parts: number): string[][] {
  const count = Math.max(1, Math.min(parts, files.length));
  const shares = Array.from({ length: count }, () => ({ bytes: 0, paths: [] as string[] }));
  for (const file of [...files].sort((a, b) => b.size - a.size || a.path.localeCompare(b.path))) {
    const lightest = shares.reduce((best, share) => (share.bytes < best.bytes ? share : best));
    lightest.bytes += file.size;
    lightest.paths.push(file.path);
  }
  return shares.map((share) => share.paths).filter((paths) => paths.length > 0);
}

/** What compress-worker.cjs is told besides its files. */
const SETTINGS = { gzipLevel: GZIP_LEVEL, brotliQuality: BROTLI_QUALITY };

function runWorker(paths: readonly string[]): Promise<CompressResult> {
  return new Promise((resolve, reject) => {
    let result: CompressResult | null = null;
    const worker = new Worker(COMPRESS_WORKER, { workerData: { paths, ...SETTINGS } });
    worker.once('message', (message: CompressResult) => {
      result = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result && code === 0) resolve(result);
      else reject(new Error(`[deploy] a compression worker stopped with code ${code} before it reported`));
    });
  });
}

/**
 * Compress the given files of `dir` in `threads` worker threads (plugins/deploy/compress-worker.cjs):
 * each reads, compresses and writes its share itself, so the main thread stays free for the search
 * index, which postBuild builds at the same time.
 */
export async function compressFiles(dir: string, files: readonly string[], threads = compressThreads()): Promise<CompressResult> {
  const queue = files
    .filter((rel) => COMPRESSIBLE.test(rel))
    .map((rel) => ({ rel, path: join(dir, rel), size: statSync(join(dir, rel)).size }))
    .filter((file) => shouldCompress(file.rel, file.size));
  return sumResults(await Promise.all(balance(queue, threads).map(runWorker)));
}

/** The totals of several compressions. */
export function sumResults(results: readonly CompressResult[]): CompressResult {
  const sum: CompressResult = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const part of results) for (const key of Object.keys(sum) as (keyof CompressResult)[]) sum[key] += part[key];
  return sum;
}

/** Remove `.gz`/`.br` files whose source no longer exists (a build into a non-empty directory). */
export async function removeOrphans(dir: string, files: readonly string[]): Promise<number> {
  const present = new Set(files);
  let removed = 0;
  for (const rel of files) {
    const source = rel.replace(/\.(?:gz|br)$/, '');
    if (source !== rel && COMPRESSIBLE.test(source) && !present.has(source)) {
      await rm(join(dir, rel), { force: true });
      removed += 1;
    }
  }
  return removed;
}
