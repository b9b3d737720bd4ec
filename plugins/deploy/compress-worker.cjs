/**
 * The compressing half of plugins/deploy/compress.ts, in plain CommonJS so that a worker thread can
 * run the file as it is (the build loads the project's TypeScript through jiti, a worker thread
 * cannot). It compresses the files of its share one after another with zlib's synchronous calls.
 *
 * `workerData`: { paths: string[], gzipLevel: number, brotliQuality: number }
 * message back: { files, bytes, gzipBytes, brotliBytes }
 */
'use strict';

const { readFileSync, rmSync, writeFileSync } = require('node:fs');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');
const { parentPort, workerData } = require('node:worker_threads');

const { paths, gzipLevel, brotliQuality } = workerData;
const totals = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
for (const path of paths) {
  const data = readFileSync(path);
  // A copy that would not be smaller is not written (and an old one is removed).
  const keep = (suffix, body) => {
    if (body.length < data.length) {
      writeFileSync(path + suffix, body);
      return body.length;
    }
    rmSync(path + suffix, { force: true });
    return data.length;
  };
  totals.files += 1;
  totals.bytes += data.length;
  totals.gzipBytes += keep('.gz', gzipSync(data, { level: gzipLevel }));
  totals.brotliBytes += keep(
    '.br',
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
}
parentPort.postMessage(totals);
