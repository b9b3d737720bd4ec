/**
 * Build-time compression: `file.gz` and `file.br` next to every text file of the site, served as
 * they are by nginx (`gzip_static`, `brotli_static`) without compressing on each request.
 */
import { readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The file a compression worker runs: plain CommonJS, see its header. */
export const COMPRESS_WORKER = join(dirname(fileURLToPath(import.meta.url)), 'compress-worker.cjs');
const compressWorker = createRequire(import.meta.url)('./compress-worker.cjs') as {
  compressAll(paths: readonly string[], settings: { gzipLevel: number; brotliQuality: number }): CompressResult;
};

/** Text files worth compressing. Images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|xml|svg|txt|md|map|webmanifest|ico)$/i;
/**
 * Brotli quality, measured on this site's 405 bundles (10.9 MB): 6 gives 2052 KB in 1.6 s, 9 gives
 * 1946 KB (5 % less) in 14.5 s, 11 takes minutes. 6 keeps the build fast for 5 %.
 */
export const BROTLI_QUALITY = 6;
/**
 * gzip level, measured on this site's 897 text files (31 MB): 9 gives 7007 KB in 7.3 s, 6 gives
 * 7080 KB (1 % more) in 1.5 s. 6 keeps the build fast for 1 %.
 */
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
 * synchronously: postBuild plugins share the main thread, and a walk that waited for the event loop
 * at each of the ~400 directories waited for the search index to finish first.
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
    const worker = new Worker(COMPRESS_WORKER, { workerData: { monqCompress: true, paths, ...SETTINGS } });
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
 * Compress the given files of `dir` in `threads` worker threads (plugins/deploy/compress-worker.cjs).
 * Each worker reads, compresses and writes its share of the files itself, with zlib's synchronous
 * calls. The main thread stays free for the search index, which postBuild builds at the same time:
 * when the main thread read and wrote the files and waited for zlib's thread pool, compressing and
 * indexing queued behind each other on it.
 */
export async function compressFiles(dir: string, files: readonly string[], threads = compressThreads()): Promise<CompressResult> {
  const queue = files
    .filter((rel) => COMPRESSIBLE.test(rel))
    .map((rel) => ({ rel, path: join(dir, rel), size: statSync(join(dir, rel)).size }))
    .filter((file) => shouldCompress(file.rel, file.size));
  const results =
    threads <= 1
      ? [compressWorker.compressAll(queue.map((file) => file.path), SETTINGS)]
      : await Promise.all(balance(queue, threads).map((paths) => runWorker(paths)));
  return results.reduce<CompressResult>(
    (sum, part) => ({
      files: sum.files + part.files,
      bytes: sum.bytes + part.bytes,
      gzipBytes: sum.gzipBytes + part.gzipBytes,
      brotliBytes: sum.brotliBytes + part.brotliBytes,
    }),
    { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 },
  );
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
