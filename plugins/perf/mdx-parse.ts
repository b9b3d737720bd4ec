/**
 * Content pages parsed to mdast in worker threads during `docusaurus build`.
 *
 * A clean build spends most of its bundling time on the main thread, in the MDX pipeline, while the
 * second core waits; parsing (micromark and mdast-util-from-markdown) is about two thirds of that
 * pipeline. The build command's preload starts the workers when Node starts (mdx-parse-early.cjs),
 * while the main thread still loads Docusaurus and the site and the second core is idle; the pool
 * that the site config starts (`startParsePool`) adopts them, and the perf plugin keeps that pool
 * when the content is loaded. Worker threads (mdx-parse-worker.mjs) read every
 * page, prepare it as the MDX loader does and parse it. The remark plugin `remarkParsedInWorkers`,
 * first in every content plugin, replaces the parser of the loader's processor with one that takes
 * the worker's tree when it is ready.
 *
 * Each file is parsed once, by whoever gets to it first: a shared state per file (FREE, MAIN,
 * WORKER, DONE) decides. When the loader needs a file that a worker is parsing, it waits for that
 * worker (Atomics.wait); when no worker has started it, the loader parses it itself. Results arrive on
 * a MessagePort read synchronously (`receiveMessageOnPort`), so nothing waits for the event loop.
 *
 * A worker's tree is used only if it was parsed from the very same text (the file after the loader's
 * preprocessing) by a parser with the same fingerprint (mdx-parse-fingerprint.cjs); otherwise the
 * loader parses the page itself, so the output never depends on the pool.
 */
import { createRequire } from 'node:module';
import { deserialize } from 'node:v8';
import { receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';

const requireHere = createRequire(import.meta.url);
const { parserFingerprint } = requireHere('./mdx-parse-fingerprint.cjs') as {
  parserFingerprint(syntax: unknown, mdast: unknown, settings: unknown): string;
};
export { parserFingerprint };

export const FREE = 0;
export const MAIN = 1;
export const WORKER = 2;
export const DONE = 3;
/** Longest wait for a worker that is parsing the file the loader needs (one file takes milliseconds). */
export const WAIT_MS = 20_000;

export type ParseFormat = 'md' | 'mdx';
export interface ParseFile {
  path: string;
  format: ParseFormat;
}
interface ParseResult {
  i: number;
  doc?: string;
  /**
   * The tree as `v8.serialize` wrote it (the serializer of `postMessage` itself). The loader
   * deserializes a tree only when it takes it: trees that arrive ahead of the loader wait as bytes,
   * outside the JavaScript heap, instead of as object graphs that every young-generation garbage
   * collection of the main thread would copy.
   */
  tree?: Uint8Array;
  fingerprint?: string;
  error?: string;
}
export interface ParseStats {
  files: number;
  /** Trees taken from a worker. */
  fromWorkers: number;
  /** Of those, how many the loader had to wait for. */
  waited: number;
  /** Parsed by the loader itself: no worker had started them. */
  onMain: number;
  /** Parsed by a worker but not used: other text, other parser, or an error. */
  discarded: number;
}

interface ParseStart {
  PARSE_WORKER: string;
  contentFiles(dirs: readonly string[]): ParseFile[];
  workerOrders(count: number, workers: number): number[][];
  parseWorkers(): number;
  poolKey(options: ParsePoolOptions): string;
  startWorkers(options: ParsePoolOptions): { buffer: SharedArrayBuffer; ports: MessagePort[]; workers: Worker[] };
}
interface ParseEarly {
  adoptEarly(key: string): { buffer: SharedArrayBuffer; ports: MessagePort[]; workers: Worker[] } | null;
}
const start = requireHere('./mdx-parse-start.cjs') as ParseStart;
const early = requireHere('./mdx-parse-early.cjs') as ParseEarly;

/** `.md` and `.mdx` files under the given directories (missing directories are skipped), sorted. */
export const contentFiles: ParseStart['contentFiles'] = start.contentFiles;
/**
 * The order each worker takes the files in: the first worker from the start of the list, the second
 * from the end, further ones from evenly spaced points, each going round the whole list.
 */
export const workerOrders: ParseStart['workerOrders'] = start.workerOrders;
/** The worker thread's script (plain JavaScript, see its header). */
export const PARSE_WORKER = start.PARSE_WORKER;

export interface ParsePoolOptions {
  files: readonly ParseFile[];
  /** Plain values of the site's `markdown` config that the loader's preprocessing reads. */
  markdown: { mdx1Compat: { comments: boolean; admonitions: boolean; headingIds: boolean } };
  /** The `admonitions` option of the content plugins. */
  admonitions: unknown;
  workers?: number;
}

/** Pools with equal keys parse the same files in the same way. */
export const poolKey: ParseStart['poolKey'] = start.poolKey;

export class ParsePool {
  readonly key: string;
  private readonly state: Int32Array;
  private readonly index = new Map<string, number>();
  private readonly results = new Map<number, ParseResult>();
  private readonly ports: MessagePort[];
  private readonly workers: Worker[];
  readonly stats: ParseStats;

  constructor(options: ParsePoolOptions) {
    const { files } = options;
    this.key = poolKey(options);
    files.forEach((file, i) => this.index.set(file.path, i));
    // The build command's preload may have started these very workers already (mdx-parse-early.cjs).
    const { buffer, ports, workers } = early.adoptEarly(this.key) ?? start.startWorkers(options);
    this.state = new Int32Array(buffer);
    this.stats = { files: files.length, fromWorkers: 0, waited: 0, onMain: 0, discarded: 0 };
    this.ports = ports;
    this.workers = workers;
  }

  /** Files that no one has finished or taken yet (free, or being parsed by a worker). */
  pending(): number {
    let count = 0;
    for (let i = 0; i < this.stats.files; i++) {
      const state = Atomics.load(this.state, i);
      if (state === FREE || state === WORKER) count += 1;
    }
    return count;
  }

  private drain(): void {
    for (const port of this.ports) {
      for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
        const result = received.message as ParseResult;
        this.results.set(result.i, result);
      }
    }
  }

  /**
   * The worker's tree for `path`, if it was parsed from `doc` with a parser of this fingerprint;
   * `undefined` means: parse it yourself (the pool will not parse it).
   */
  take(path: string, doc: string, fingerprint: string): unknown {
    const i = this.index.get(path);
    if (i === undefined) return undefined;
    this.drain();
    let result = this.results.get(i);
    if (!result) {
      const previous = Atomics.compareExchange(this.state, i, FREE, MAIN);
      if (previous === FREE) {
        this.stats.onMain += 1;
        return undefined;
      }
      if (previous === WORKER) {
        this.stats.waited += 1;
        // A worker that died on the file leaves it WORKER: after the timeout the loader parses it.
        Atomics.wait(this.state, i, WORKER, WAIT_MS);
      }
      this.drain();
      result = this.results.get(i);
      if (!result) return undefined;
    }
    this.results.delete(i);
    if (result.error !== undefined || result.doc !== doc || result.fingerprint !== fingerprint) {
      this.stats.discarded += 1;
      return undefined;
    }
    this.stats.fromWorkers += 1;
    const { tree } = result;
    return tree === undefined ? undefined : deserialize(tree);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
    this.ports.forEach((port) => port.close());
  }
}

const POOL = Symbol.for('monq.docs.mdxParsePool');
type PoolHolder = { [POOL]?: ParsePool | null };

/**
 * The pool of this build. It is kept on `globalThis`: Docusaurus loads the config (and the modules it
 * imports) more than once, and the remark plugin must find the pool that the perf plugin started.
 */
export function currentParsePool(): ParsePool | null {
  return (globalThis as PoolHolder)[POOL] ?? null;
}

/** Worker threads for parsing: one fewer than the cores (the main thread keeps one), at least one. */
export const parseWorkers: ParseStart['parseWorkers'] = start.parseWorkers;

/**
 * Start a pool, or keep the running one when it was started with the same options: the site config
 * starts it while Docusaurus loads the site, and the perf plugin asks again when the content is loaded.
 */
export function startParsePool(options: ParsePoolOptions): ParsePool {
  const previous = currentParsePool();
  if (previous?.key === poolKey(options)) return previous;
  if (previous) void previous.close();
  const pool = new ParsePool(options);
  (globalThis as PoolHolder)[POOL] = pool;
  return pool;
}

export async function stopParsePool(): Promise<ParseStats | null> {
  const pool = currentParsePool();
  if (!pool) return null;
  (globalThis as PoolHolder)[POOL] = null;
  await pool.close();
  return pool.stats;
}

interface ParserHost {
  parser?: (doc: string, file: { path?: string }) => unknown;
  data(key: string): unknown;
}

/**
 * Remark plugin: the processor's parser takes a worker's tree when the pool has one for this exact
 * text and syntax, and parses the text itself otherwise.
 */
export default function remarkParsedInWorkers(this: ParserHost): void {
  takeParsedTrees(this);
}

/** Wraps the parser of `host` (a unified processor being frozen), see `remarkParsedInWorkers`. */
export function takeParsedTrees(host: ParserHost): void {
  const local = host.parser;
  if (!local) return;
  let fingerprint: string | undefined;
  host.parser = (doc, file) => {
    const pool = currentParsePool();
    if (pool && file.path) {
      fingerprint ??= parserFingerprint(host.data('micromarkExtensions'), host.data('fromMarkdownExtensions'), host.data('settings'));
      const tree = pool.take(file.path, doc, fingerprint);
      if (tree !== undefined) return tree;
    }
    return local(doc, file);
  };
}
