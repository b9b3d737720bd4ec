/**
 * Route data in parts (client bundle; plugins/perf/registry-loader.cjs generates the data).
 *
 * Docusaurus puts two tables in `main.js`: the route registry (a loader per route chunk) and the
 * route → chunk table. Both grow with every page of every version, and every page loads both. Here
 * the routes under a prefix (a docs version, the upgrade notes) come in a part of their own, a chunk
 * loaded when a route of that prefix is rendered or preloaded. `main.js` keeps the routes under no
 * prefix and the routes whose path is a prefix itself: the layout routes that every page of a
 * version shares.
 *
 * A route's chunks are flattened with core's own `flat` (`@docusaurus/core/lib/client/flat`, the
 * function Docusaurus's prefetch and ComponentCreator use; core has no `exports` map, and no public
 * export of it), so the prefetch reads the same chunks as the render.
 */

import flat from '@docusaurus/core/lib/client/flat';
import { partOf } from '../../shared/routes/partOf.cjs';

export { partOf };

/** Loads a route chunk: `() => import("@site/docs/…")` as the bundler compiled it. */
export type ChunkLoader = () => Promise<unknown>;

/** The chunks of a route, as in Docusaurus's `routesChunkNames.json`: `{ __comp: "r1", content: "r2" }`. */
export type ChunkTree = string | readonly ChunkTree[] | { readonly [key: string]: ChunkTree };

/** One table: the route → chunks entries (`"<path>-<hash>"` keys) and the loaders of their chunks. */
export interface RouteTable {
  readonly routes: Readonly<Record<string, Readonly<Record<string, ChunkTree>>>>;
  readonly registry: Readonly<Record<string, ChunkLoader>>;
}

/** A part: the prefix of its routes' paths and the import of its table. */
export type RoutePart = readonly [prefix: string, load: () => Promise<{ default: RouteTable }>];

/** The bundler runtime's chunk functions (`__webpack_require__`): load a chunk, and its file name. */
export interface ChunkRuntime {
  e: (chunkId: string | number) => Promise<unknown>;
  readonly p: string;
  readonly u: (chunkId: string | number) => string;
}

/** A route's chunks and the loaders of those chunks. */
export interface RouteChunks {
  readonly chunks: Readonly<Record<string, ChunkTree>>;
  readonly registry: RouteTable['registry'];
}

export interface RouteData {
  /** The chunks of route `path` with hash `hash` (the arguments of Docusaurus's `ComponentCreator`). */
  route(path: string, hash: string): Promise<RouteChunks>;
  /**
   * The files to prefetch for the routes with this path. A part that is not loaded yet is not run
   * for a prefetch: its own file is the one to prefetch, the route's chunks come with it later.
   */
  chunkFiles(path: string): Promise<string[]>;
}

/**
 * The chunk ids a loader would load. A compiled `import()` asks the runtime for each chunk of the
 * module (`__webpack_require__.e(id)`) before it runs the module; here the runtime's function is
 * swapped for one that only records the id, so nothing is fetched and no module runs.
 */
export function chunkIdsOf(load: () => Promise<unknown>, runtime: ChunkRuntime): string[] {
  const ensure = runtime.e;
  const ids: string[] = [];
  runtime.e = (chunkId) => {
    ids.push(String(chunkId));
    return new Promise<never>(() => undefined);
  };
  try {
    void load();
  } finally {
    runtime.e = ensure;
  }
  return ids;
}

/**
 * The route data of a site. `openedPath` is the path of the page the browser opened: its part starts
 * loading when `main.js` creates the route data, before the page's routes are preloaded, so that its
 * fetch overlaps the rest of `main.js`. A failure there is left to the route's own request, which
 * tries again.
 */
export function createRouteData(
  eager: RouteTable,
  parts: readonly RoutePart[],
  runtime: ChunkRuntime,
  openedPath?: string,
): RouteData {
  const prefixes = parts.map(([prefix]) => prefix);
  const loaded = new Map<number, RouteTable>();
  const loading = new Map<number, Promise<RouteTable>>();

  function table(part: number): Promise<RouteTable> {
    if (part < 0) return Promise.resolve(eager);
    const ready = loaded.get(part);
    if (ready) return Promise.resolve(ready);
    let pending = loading.get(part);
    if (!pending) {
      pending = parts[part]![1]().then(
        (module) => (loaded.set(part, module.default), module.default),
        (error: unknown) => {
          // a failed chunk is tried again at the next request (a flaky network, a new deployment)
          loading.delete(part);
          throw error;
        },
      );
      loading.set(part, pending);
    }
    return pending;
  }

  // A chunk of the entry point (already loaded with main.js) has no file name of its own: its name
  // reads `undefined`, and Docusaurus's own prefetch skips it the same way.
  if (openedPath !== undefined) table(partOf(openedPath, prefixes)).catch(() => undefined);

  const files = (load: () => Promise<unknown>) =>
    chunkIdsOf(load, runtime)
      .map((id) => runtime.p + runtime.u(id))
      .filter((file) => !file.includes('undefined'));

  return {
    async route(path, hash) {
      const { routes, registry } = await table(partOf(path, prefixes));
      const chunks = routes[`${path}-${hash}`];
      if (!chunks) throw new Error(`No route data for ${path} (${hash})`);
      return { chunks, registry };
    },
    chunkFiles(path) {
      const part = partOf(path, prefixes);
      const source = part < 0 ? eager : loaded.get(part);
      if (!source) return Promise.resolve(files(parts[part]![1]));
      const names = Object.entries(source.routes)
        .filter(([key]) => key.slice(0, key.lastIndexOf('-')) === path)
        .flatMap(([, chunks]) => Object.values(flat(chunks as Parameters<typeof flat>[0])) as string[]);
      return Promise.resolve(names.flatMap((name) => (source.registry[name] ? files(source.registry[name]) : [])));
    },
  };
}
