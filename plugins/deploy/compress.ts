/**
 * Build-time compression: `file.gz` and `file.br` next to every text file of the site, served as
 * they are by nginx (`gzip_static`, `brotli_static`) without compressing on each request.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text files worth compressing. Images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|xml|svg|txt|map|webmanifest|ico)$/i;
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

/** Every file under `dir` (relative paths with `/`), skipping the given top-level directories. */
export async function listFiles(dir: string, skipDirs: readonly string[] = []): Promise<string[]> {
  const out: string[] = [];
  async function walk(current: string): Promise<void> {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      const rel = relative(dir, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!skipDirs.includes(rel)) await walk(full);
      } else if (entry.isFile()) {
        out.push(rel);
      }
    }
  }
  await walk(dir);
  return out.sort();
}

export function shouldCompress(rel: string, size: number): boolean {
  return COMPRESSIBLE.test(rel) && size >= MIN_BYTES;
}

/**
 * Compress one file; a variant that would not be smaller is not written (and an old one removed).
 *
 * The file is read and written synchronously (small files, from the page cache): only the two
 * compressions wait, on the libuv thread pool. Asynchronous reads and writes cost about ten turns of
 * the event loop per file, and in postBuild each turn waits behind the search index, which runs on the
 * main thread at the same time. Measured alone on this site's build, the change saves about 15 % of
 * the wall and CPU time of compressing.
 */
export async function compressFile(path: string): Promise<{ bytes: number; gzipBytes: number; brotliBytes: number }> {
  const data = readFileSync(path);
  const [gz, br] = await Promise.all([
    gzipAsync(data, { level: GZIP_LEVEL }),
    brotliAsync(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  ]);
  const keep = (suffix: string, body: Buffer): number => {
    if (body.length < data.length) {
      writeFileSync(path + suffix, body);
      return body.length;
    }
    rmSync(path + suffix, { force: true });
    return data.length;
  };
  return { bytes: data.length, gzipBytes: keep('.gz', gz), brotliBytes: keep('.br', br) };
}

/**
 * Compress the given files of `dir`, `concurrency` files at a time: zlib works on the libuv thread
 * pool (4 threads by default), so a few more files in flight than threads keep it busy.
 */
export async function compressFiles(dir: string, files: readonly string[], concurrency = 8): Promise<CompressResult> {
  const result: CompressResult = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  const queue = files.filter((rel) => COMPRESSIBLE.test(rel) && shouldCompress(rel, statSync(join(dir, rel)).size));
  let next = 0;
  async function worker(): Promise<void> {
    while (next < queue.length) {
      const rel = queue[next++] as string;
      const sizes = await compressFile(join(dir, rel));
      result.files += 1;
      result.bytes += sizes.bytes;
      result.gzipBytes += sizes.gzipBytes;
      result.brotliBytes += sizes.brotliBytes;
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => worker()));
  return result;
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
