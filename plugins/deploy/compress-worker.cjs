/**
 * The compressing half of plugins/deploy/compress.ts, in plain CommonJS so that a worker thread can
 * run the file as it is (the build loads the project's TypeScript through jiti, a worker thread
 * cannot).
 *
 * A worker gets its share of the files in `workerData` and compresses them one after another with
 * the synchronous zlib calls: reading, gzip, brotli and writing all happen on the worker's own thread.
 * The main thread, which builds the search index at the same time, only starts the workers and reads
 * their totals.
 *
 * `workerData`: { monqCompress: true, paths: string[], gzipLevel: number, brotliQuality: number }
 * message back: { files, bytes, gzipBytes, brotliBytes }
 */
'use strict';

const { readFileSync, rmSync, writeFileSync } = require('node:fs');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');
const { isMainThread, parentPort, workerData } = require('node:worker_threads');

/**
 * Compress one file; a copy that would not be smaller is not written (and an old one is removed).
 * @param {string} path
 * @param {{ gzipLevel: number, brotliQuality: number }} settings
 * @returns {{ bytes: number, gzipBytes: number, brotliBytes: number }}
 */
function compressFileSync(path, settings) {
  const data = readFileSync(path);
  const keep = (suffix, body) => {
    if (body.length < data.length) {
      writeFileSync(path + suffix, body);
      return body.length;
    }
    rmSync(path + suffix, { force: true });
    return data.length;
  };
  const gzipBytes = keep('.gz', gzipSync(data, { level: settings.gzipLevel }));
  const brotliBytes = keep(
    '.br',
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: settings.brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
  return { bytes: data.length, gzipBytes, brotliBytes };
}

/**
 * Compress the files one by one and add up the sizes.
 * @param {readonly string[]} paths
 * @param {{ gzipLevel: number, brotliQuality: number }} settings
 */
function compressAll(paths, settings) {
  const totals = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const path of paths) {
    const sizes = compressFileSync(path, settings);
    totals.files += 1;
    totals.bytes += sizes.bytes;
    totals.gzipBytes += sizes.gzipBytes;
    totals.brotliBytes += sizes.brotliBytes;
  }
  return totals;
}

if (!isMainThread && parentPort && workerData && workerData.monqCompress === true) {
  parentPort.postMessage(compressAll(workerData.paths, workerData));
}

module.exports = { compressFileSync, compressAll };
