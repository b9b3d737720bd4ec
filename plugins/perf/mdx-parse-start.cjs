/**
 * The parts of plugins/perf/mdx-parse.ts that the build command's preload also needs
 * (`mdx-parse-early.cjs`, plain CommonJS): which files, in which order, under which key, and the
 * worker threads that parse them. mdx-parse.ts documents the protocol.
 */
'use strict';

const { existsSync, readdirSync } = require('node:fs');
const { availableParallelism } = require('node:os');
const { join } = require('node:path');
const threads = require('node:worker_threads');

/** The worker thread's script. */
const PARSE_WORKER = join(__dirname, 'mdx-parse-worker.mjs');

/**
 * `.md` and `.mdx` files under the given directories (missing directories are skipped), sorted.
 * @param {readonly string[]} dirs
 * @returns {{ path: string, format: 'md' | 'mdx' }[]}
 */
function contentFiles(dirs) {
  const out = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.mdx?$/.test(entry.name)) {
        out.push({ path: join(entry.parentPath, entry.name), format: entry.name.endsWith('.mdx') ? 'mdx' : 'md' });
      }
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The order each worker takes the files in: the first worker from the start of the list, the second
 * from the end, further ones from evenly spaced points, each going round the whole list.
 * @param {number} count
 * @param {number} workers
 * @returns {number[][]}
 */
function workerOrders(count, workers) {
  return Array.from({ length: workers }, (_, w) => {
    const indexes = Array.from({ length: count }, (_, k) => k);
    if (w === 1) return indexes.reverse();
    const start = Math.floor((count * (w === 0 ? 0 : w - 1)) / Math.max(1, workers - 1));
    return [...indexes.slice(start), ...indexes.slice(0, start)];
  });
}

/** Worker threads for parsing: one fewer than the cores (the main thread keeps one), at least one, at most three. */
function parseWorkers() {
  return Math.max(1, Math.min(3, availableParallelism() - 1));
}

/** Pools with equal keys parse the same files in the same way. */
function poolKey({ files, markdown, admonitions, workers = 1 }) {
  return JSON.stringify({ files, markdown, admonitions, workers: Math.max(1, workers) });
}

/**
 * Start the worker threads of a pool: the shared state (one Int32 per file) and, per worker, the
 * loader's end of its channel.
 * @returns {{ buffer: SharedArrayBuffer, ports: import('node:worker_threads').MessagePort[], workers: import('node:worker_threads').Worker[] }}
 */
function startWorkers({ files, markdown, admonitions, workers = 1 }) {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * Math.max(1, files.length));
  const ports = [];
  const started = workerOrders(files.length, Math.max(1, workers)).map((order) => {
    // A channel per worker: the loader reads this end, the worker gets the other one.
    const channel = new threads.MessageChannel();
    channel.port1.unref();
    ports.push(channel.port1);
    const worker = new threads.Worker(PARSE_WORKER, {
      workerData: { files, order, state: buffer, port: channel.port2, markdown, admonitions },
      transferList: [channel.port2],
    });
    worker.unref();
    // A worker that fails leaves its files to the loader, which parses them itself: the build is
    // only slower, and says so.
    worker.on('error', (error) => {
      console.warn(`[perf] an MDX parse worker stopped, the loader parses its pages itself: ${error.message}`);
    });
    return worker;
  });
  return { buffer, ports, workers: started };
}

module.exports = { PARSE_WORKER, contentFiles, workerOrders, parseWorkers, poolKey, startWorkers };
