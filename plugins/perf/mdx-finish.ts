/**
 * The second half of the MDX pipeline in a worker thread, during `docusaurus build`.
 *
 * At the start of bundling the main thread compiles page after page while Rspack's threads wait for
 * the results: one core works and the other is mostly idle. After the remark plugins, a page goes
 * from mdast to hast, through the rehype plugins, to an ESTree program and to JavaScript. That half
 * needs nothing from Docusaurus's plugins (links and images are resolved in the remark half) and was
 * about 60 % of the main thread's MDX time in a profile.
 *
 * `remarkFinishInWorkers`, a remark plugin that runs while the processor is frozen, cuts the
 * processor's plugin list (unified's `attachers`) at `remarkRehype`. Its transformer sends the mdast
 * to the worker (mdx-finish-worker.mjs), which builds the same tail with the MDX compiler and the
 * site's rehype plugins and answers with the page's JavaScript; the processor's compiler returns it.
 *
 * The worker is used only for a tail it can rebuild exactly:
 * - the MDX compiler's own plugins, with the same settings (only plain values; `TAIL_SETTINGS`);
 * - rehype-raw, as Docusaurus gives it to `.md` pages, plain or wrapped by raw-html.ts;
 * - the site's rehype plugins listed in `WORKER_PLUGINS`, which the worker loads from their files;
 * - no recma plugins.
 * The worker rebuilds the tail and compares its plugin names and remark-rehype options with the
 * processor's; any difference, an error or a value that cannot be sent, and the page is finished on
 * the main thread by the processor's own plugins. The output never depends on the worker:
 * `tests/unit/mdx-finish.test.ts` compiles pages both ways.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RAW_HTML_STATS } from './raw-html';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The worker thread's script (plain JavaScript: the worker runs it as it is). */
export const FINISH_WORKER = join(HERE, 'mdx-finish-worker.mjs');

/** Rehype plugins of this site that the worker loads itself: the attacher's name → its file here. */
export const WORKER_PLUGINS: Readonly<Record<string, string>> = {
  rehypeCodeTokens: 'rehype-code-tokens.ts',
  rehypeHydrationSlices: 'rehype-hydration-slices.ts',
};
/** rehype-raw as Docusaurus attaches it, and as raw-html.ts wraps it. */
export const RAW_PLUGINS = new Set(['rehypeRaw', 'rehypeRawWhenNeeded']);
/** Where the MDX compiler's own plugins start after the rehype plugins. */
const MDX_TAIL_START = new Set(['rehypeRemoveRaw', 'rehypeRecma']);
/** The MDX compiler's settings that its plugins after remark-rehype read (@mdx-js/mdx 3, core.js). */
export const TAIL_SETTINGS = [
  'baseUrl',
  'development',
  'elementAttributeNameCase',
  'format',
  'jsx',
  'jsxImportSource',
  'jsxRuntime',
  'outputFormat',
  'pragma',
  'pragmaFrag',
  'pragmaImportSource',
  'providerImportSource',
  'remarkRehypeOptions',
  'SourceMapGenerator',
  'stylePropertyNameCase',
  'tableCellAlignToStyle',
] as const;

export type RehypeStep = { kind: 'raw'; wrapped: boolean; options: unknown[] } | { kind: 'module'; file: string; name: string; options: unknown[] };

/** What the worker needs to rebuild a processor's tail, and what it must find when it does. */
export interface FinishPlan {
  settings: Record<string, unknown>;
  rehype: RehypeStep[];
  /** The plugin names of the tail, from remark-rehype to the compiler. */
  names: string[];
  /** remark-rehype's options as the processor has them (JSON). */
  remarkRehype: string;
}

type Entry = [(...args: unknown[]) => unknown, ...unknown[]];

/** Plain data that a worker receives unchanged: no functions, no class instances (dates aside). */
export function isPlain(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return true;
  if (type !== 'object') return false;
  if (Array.isArray(value)) return value.every((item) => isPlain(item, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as Record<string, unknown>).every((item) => isPlain(item, depth + 1));
}

const nameOf = (entry: Entry): string => entry[0].name;

/**
 * The plan for a tail (the attachers from remark-rehype on), or the reason the worker cannot rebuild
 * it exactly.
 */
export function planFor(tail: readonly Entry[]): FinishPlan | string {
  if (tail.length === 0 || nameOf(tail[0]!) !== 'remarkRehype') return 'no remark-rehype';
  const mdxStart = tail.findIndex((entry) => MDX_TAIL_START.has(nameOf(entry)));
  if (mdxStart < 0) return 'no rehype-recma';
  const recma = tail.find((entry) => nameOf(entry) === 'rehypeRecma');
  const all = (recma?.[1] ?? {}) as Record<string, unknown>;
  const settings: Record<string, unknown> = {};
  for (const key of TAIL_SETTINGS) if (all[key] !== undefined) settings[key] = all[key];
  if (!isPlain(settings)) return 'settings that are not plain values';
  const remarkRehype = tail[0]!.slice(1);
  if (!isPlain(remarkRehype)) return 'remark-rehype options that are not plain values';
  const rehype: RehypeStep[] = [];
  for (const entry of tail.slice(1, mdxStart)) {
    const name = nameOf(entry);
    const options = entry.slice(1);
    if (!isPlain(options)) return `options of ${name} that are not plain values`;
    if (RAW_PLUGINS.has(name)) rehype.push({ kind: 'raw', wrapped: name !== 'rehypeRaw', options });
    else if (WORKER_PLUGINS[name]) rehype.push({ kind: 'module', file: join(HERE, WORKER_PLUGINS[name]), name, options });
    else return `the rehype plugin ${name || '(anonymous)'}`;
  }
  const names = tail.map(nameOf);
  if (names[names.length - 1] !== 'recmaStringify') return 'recma plugins';
  return { settings, rehype, names, remarkRehype: JSON.stringify(remarkRehype) };
}

export interface FinishStats {
  /** Pages whose JavaScript came from the worker. */
  inWorker: number;
  /** Pages finished on the main thread: no worker, an error, or a tail the worker could not rebuild. */
  onMain: number;
  /** Why the worker was not used, once per reason. */
  reasons: string[];
}

interface FileLike {
  path?: string;
  data: Record<string, unknown>;
  message(reason: string, options?: { place?: unknown; ruleId?: string; source?: string }): unknown;
}

interface Reply {
  id: number;
  code?: string;
  data?: Record<string, unknown>;
  messages?: Array<{ reason: string; place?: unknown; ruleId?: string; source?: string }>;
  raw?: { ran: number; skipped: number };
  mismatch?: string;
  error?: string;
}

export class FinishPool {
  readonly stats: FinishStats = { inWorker: 0, onMain: 0, reasons: [] };
  private readonly worker: Worker;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private readonly plans = new Map<string, number>();
  private readonly refused = new Set<number>();
  private nextId = 0;
  private broken: string | null = null;

  constructor() {
    this.worker = new Worker(FINISH_WORKER);
    this.worker.on('message', (reply: Reply) => {
      const done = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      done?.(reply);
    });
    const fail = (reason: string): void => {
      this.broken ??= reason;
      for (const done of this.pending.values()) done({ id: -1, error: reason });
      this.pending.clear();
    };
    this.worker.on('error', (error) => fail(String(error)));
    this.worker.on('exit', () => fail('the worker stopped'));
    // After the listeners (a 'message' listener refs the worker again): an idle worker never keeps
    // the process alive; while a page is out, it does.
    this.worker.unref();
  }

  note(reason: string): void {
    if (!this.stats.reasons.includes(reason)) this.stats.reasons.push(reason);
  }

  /** The page's JavaScript from the worker, or `undefined`: finish it on the main thread. */
  async finish(plan: FinishPlan, tree: unknown, file: FileLike): Promise<string | undefined> {
    if (this.broken) return undefined;
    const key = JSON.stringify(plan);
    let planId = this.plans.get(key);
    const first = planId === undefined;
    if (planId === undefined) {
      planId = this.plans.size;
      this.plans.set(key, planId);
    }
    if (this.refused.has(planId)) return undefined;
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve) => this.pending.set(id, resolve));
    this.worker.ref();
    try {
      this.worker.postMessage({ id, planId, plan: first ? plan : undefined, tree, path: file.path, data: file.data });
    } catch (error) {
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
      this.note(`a page that cannot be sent (${String(error).split('\n')[0]})`);
      return undefined;
    }
    const answer = await reply;
    if (answer.mismatch !== undefined) {
      this.refused.add(planId);
      this.note(answer.mismatch);
      return undefined;
    }
    if (answer.error !== undefined || answer.code === undefined) {
      this.note(`an error in the worker (${answer.error ?? 'no code'})`);
      return undefined;
    }
    Object.assign(file.data, answer.data ?? {});
    for (const { reason, ...options } of answer.messages ?? []) file.message(reason, options);
    if (answer.raw) {
      RAW_HTML_STATS.ran += answer.raw.ran;
      RAW_HTML_STATS.skipped += answer.raw.skipped;
    }
    return answer.code;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

const POOL = Symbol.for('monq.docs.mdxFinishPool');
type PoolHolder = { [POOL]?: FinishPool | null };

/** The finishing worker of this build (on `globalThis`: Docusaurus loads the config more than once). */
export function currentFinishPool(): FinishPool | null {
  return (globalThis as PoolHolder)[POOL] ?? null;
}

export function startFinishPool(): FinishPool {
  const holder = globalThis as PoolHolder;
  holder[POOL] ??= new FinishPool();
  return holder[POOL];
}

export async function stopFinishPool(): Promise<FinishStats | null> {
  const pool = currentFinishPool();
  if (!pool) return null;
  (globalThis as PoolHolder)[POOL] = null;
  await pool.close();
  return pool.stats;
}

interface Tail {
  run(tree: unknown, file: unknown): Promise<unknown>;
  stringify(tree: unknown, file: unknown): unknown;
}

let unifiedModule: Promise<() => { use(...args: unknown[]): unknown; freeze(): Tail }> | undefined;

/** unified as the MDX compiler uses it (an ES module, resolved from @mdx-js/mdx). */
function loadUnified(): Promise<() => { use(...args: unknown[]): unknown; freeze(): Tail }> {
  unifiedModule ??= (async () => {
    const fromLoader = createRequire(createRequire(import.meta.url).resolve('@docusaurus/mdx-loader'));
    const fromMdx = createRequire(fromLoader.resolve('@mdx-js/mdx'));
    return ((await import(pathToFileURL(fromMdx.resolve('unified')).href)) as { unified: () => never }).unified;
  })();
  return unifiedModule;
}

interface FreezingProcessor {
  attachers?: unknown;
  compiler?: unknown;
}

/** Pages of this process finished by the processor's own tail on the main thread (tests read it). */
export const LOCAL_FINISH = { pages: 0 };

/**
 * Remark plugin: when a finishing worker runs (`startFinishPool`), the processor's plugins from
 * remark-rehype on run in it; the processor's own tail finishes a page the worker cannot.
 */
export default function remarkFinishInWorkers(this: FreezingProcessor): void {
  const pool = currentFinishPool();
  const { attachers } = this;
  if (!pool || !Array.isArray(attachers)) return;
  const start = (attachers as Entry[]).findIndex((entry) => Array.isArray(entry) && typeof entry[0] === 'function' && entry[0].name === 'remarkRehype');
  if (start < 0) return;
  const tail = (attachers as Entry[]).slice(start);
  const plan = planFor(tail);
  if (typeof plan === 'string') {
    pool.note(plan);
    return;
  }
  const code = new WeakMap<object, string>();
  let local: Promise<Tail> | undefined;
  const localTail = (): Promise<Tail> => {
    local ??= loadUnified().then((unified) => {
      const processor = unified();
      for (const [attacher, ...options] of tail) processor.use(attacher, ...options);
      return processor.freeze();
    });
    return local;
  };
  function finishInWorker() {
    return async (tree: unknown, file: FileLike): Promise<unknown> => {
      const current = currentFinishPool();
      let js = current ? await current.finish(plan as FinishPlan, tree, file) : undefined;
      if (js === undefined) {
        const processor = await localTail();
        js = String(processor.stringify(await processor.run(tree, file), file));
        LOCAL_FINISH.pages += 1;
        if (current) current.stats.onMain += 1;
      } else if (current) current.stats.inWorker += 1;
      code.set(file, js);
      return { type: 'root', children: [] };
    };
  }
  // The tail's attachers still run, in their place, for what they set on the processor (recma-jsx,
  // for one, adds its settings, which the parser reads); only their transformers are left out. Last,
  // the compiler returns the page's JavaScript.
  const list = attachers as Entry[];
  list[start] = [finishInWorker];
  for (let i = start + 1; i < list.length; i++) {
    const [attacher, ...options] = list[i]!;
    list[i] = [dataOnly(attacher), ...options];
  }
  list.push([
    function compileFromWorker(this: FreezingProcessor) {
      this.compiler = (_tree: unknown, file: object): string => {
        const js = code.get(file);
        if (js === undefined) throw new Error('remarkFinishInWorkers: a page reached the compiler without its JavaScript');
        return js;
      };
    },
  ]);
}

/** An attacher that does what `attacher` does to its processor, without its transformer. */
function dataOnly(attacher: Entry[0]): Entry[0] {
  return function (this: unknown, ...options: unknown[]): undefined {
    attacher.apply(this, options);
    return undefined;
  };
}
