/**
 * Build-time checks that the private paths of plugins/perf took effect. Each one fails silently
 * otherwise: a loader whose rule matches no file, a core patch that did not apply, an alias that
 * lost to another, a page template that is not ours all still build a working site, only a bigger or
 * slower one. These checks stop `npm run build` instead, with what to look at.
 *
 * - `PerfChecksPlugin` (client compilation, production; a bundler plugin added by `configureWebpack`)
 *   reads the compiled modules when the bundles are written (`afterEmit`).
 * - `templateProblems` (the perf plugin's `postBuild`) reads the built home page.
 * - `keptArticleProblems` (the same client compilation, with the kept article on): no doc page uses an
 *   interactive MDX component, which the kept article would leave dead (src/lib/article/README.md).
 */
import { ROUTE_CHUNK_TABLE_FILE, ROUTE_REGISTRY_FILE } from './generated-files.cjs';

/** A module of the compilation's stats: `identifier` names its loaders and its resource. */
export interface StatsModule {
  identifier?: string;
  name?: string;
  modules?: StatsModule[];
}

/** Each generated file and the loader that must have rewritten it (the rules of index.ts). */
export const LOADED_FILES: ReadonlyArray<readonly [file: RegExp, loader: string]> = [
  [ROUTE_REGISTRY_FILE, 'registry-loader.cjs'],
];

/** The client's ComponentCreator (the alias of index.ts): a module of every client bundle. */
export const COMPONENT_CREATOR = /[\\/]src[\\/]lib[\\/]routes[\\/]ComponentCreator\.tsx$/;

/**
 * The resource of a module identifier or name: what follows the last loader
 * (`…loader.cjs??ruleSet…!/x.js?q`), up to a query, a layer (`|`) or a concatenation note (` + 3 modules`).
 */
export function resourceOf(identifier: string): string {
  const afterLoaders = identifier.slice(identifier.lastIndexOf('!') + 1);
  return afterLoaders.split(/[?| ]/, 1)[0] ?? '';
}

/** Every module identifier and name, concatenated modules' inner ones included. */
function identifiers(modules: readonly StatsModule[]): string[] {
  return modules.flatMap((module) => [
    ...[module.identifier, module.name].filter((text): text is string => typeof text === 'string'),
    ...identifiers(module.modules ?? []),
  ]);
}

/**
 * What did not take effect in the client compilation, one sentence each; empty when all did.
 * `modules` are the compilation's stats modules and its modules' resources (Rspack's stats leave out
 * a module folded into another); `files` the files it read (`fileDependencies`), which also name
 * ComponentCreator.tsx when Rspack concatenated it. The route → chunk table is looked for among the
 * modules only: registry-loader.cjs reads it, so it is always among the files read.
 */
export function clientBundleProblems(modules: readonly StatsModule[], files: Iterable<string>): string[] {
  const all = identifiers(modules);
  const problems: string[] = [];
  for (const [file, loader] of LOADED_FILES) {
    const loaded = all.some((identifier) => file.test(resourceOf(identifier)) && identifier.includes(loader));
    if (!loaded) {
      problems.push(
        `plugins/perf/${loader} rewrote no module: its rule (${file}, plugins/perf/generated-files.cjs) matched no file the client bundle imports. Did Docusaurus rename or move the generated file?`,
      );
    }
  }
  if (all.some((identifier) => ROUTE_CHUNK_TABLE_FILE.test(resourceOf(identifier)))) {
    problems.push(
      'the route → chunk table (.docusaurus/routesChunkNames.json) is in the client bundle, whole: patches/@docusaurus+core+3.10.2.patch did not apply (core\'s prefetch reads the table again instead of the route data in parts). Run `npx patch-package` and read its message.',
    );
  }
  if (![...files].some((file) => COMPONENT_CREATOR.test(file))) {
    problems.push(
      'src/lib/routes/ComponentCreator.tsx is not in the client bundle: the alias of @docusaurus/ComponentCreator in plugins/perf/index.ts (withComponentCreator) no longer takes Docusaurus\'s place.',
    );
  }
  return problems;
}

/** The error that stops the build, or null. */
export function problemsError(what: string, problems: readonly string[]): Error | null {
  if (problems.length === 0) return null;
  return new Error(`[perf] ${what} did not take effect (plugins/perf/README.md, "How a route's code is found and loaded"):\n- ${problems.join('\n- ')}`);
}

/**
 * A module of the compilation as `keptArticleProblems` reads it: its file, its code (after the
 * loaders) and the modules it imports, each with the request as written.
 */
export interface GraphModule {
  readonly resource: string;
  source(): string;
  imports(): ReadonlyArray<{ readonly request: string; readonly module: GraphModule }>;
}

/** A doc page's compiled Markdown: the article the browser keeps when the page is opened. */
export const KEPT_MARKDOWN = /\.mdx?$/i;
/** Markdown that is not a doc page (`src/pages/*.mdx` renders `MDXPage`, whose article is not kept). */
const NOT_KEPT = /[\\/](?:node_modules|src[\\/]pages)[\\/]/;
/** What mdx-loader imports into every compiled page itself: not a component of the article. */
const MDX_RUNTIME = /^(?:react(?:\/jsx(?:-dev)?-runtime)?|@mdx-js\/react)$/;
/** A module with code (not an image or a stylesheet an article imports). */
const CODE_FILE = /\.[cm]?[jt]sx?$/;
/** The site's own code, followed through to the components it renders. */
const SITE_CODE = /^(?!.*[\\/]node_modules[\\/])/;
/** From the site's own code, the imports that name components (not hook or utility packages). */
const COMPONENT_REQUEST = /^(?:@theme(?:-original|-init)?\/|@site\/|\.{1,2}\/)/;
/**
 * Components the kept article does the work of on its DOM: a link of the article changes the page
 * inside the app and is preloaded (src/lib/article/links.ts, enhance.ts).
 */
export const KEPT_ARTICLE_WIRED: readonly string[] = ['@docusaurus/Link'];
/** State of its own: a component that re-renders on an input. */
const STATE_HOOK = /\buse(?:State|Reducer|SyncExternalStore|Transition|ActionState|Optimistic)\s*\(/;
/** Event handlers: a prop `on…` (JSX or compiled) or a listener added by hand. */
const EVENT_HANDLER = /\bon[A-Z][A-Za-z]*\s*[=:](?!=)|\baddEventListener\s*\(/;

/**
 * Why a component's module is interactive, or null: it keeps state (`useState`, `useReducer`…) or
 * handles events (an `on…` prop, `addEventListener`). Only its own code is read.
 */
export function interactiveReason(source: string): string | null {
  const found = STATE_HOOK.exec(source) ?? EVENT_HANDLER.exec(source);
  return found ? found[0].replace(/\s*[(=:]$/, '').trim() : null;
}

/**
 * The doc pages that use an interactive MDX component, one sentence each; empty when none does.
 * A doc page opened by the reader keeps the HTML the server rendered (src/lib/article/README.md): its
 * components never run in the browser, so one with state or event handlers would look right and do
 * nothing. Read from each page's compiled Markdown: the components it imports (mdx-loader's own
 * imports aside), and through the site's own components (`src/`), the components they render. Links
 * (`KEPT_ARTICLE_WIRED`) are wired by the kept article itself. `siteDir` shortens the page's path.
 */
export function keptArticleProblems(modules: Iterable<GraphModule>, siteDir = ''): string[] {
  const problems: string[] = [];
  const relative = (path: string) => (siteDir && path.startsWith(siteDir) ? path.slice(siteDir.length).replace(/^[\\/]/, '') : path);
  for (const page of modules) {
    if (!KEPT_MARKDOWN.test(page.resource) || NOT_KEPT.test(page.resource)) continue;
    const seen = new Set<string>();
    const found = new Map<string, string>();
    const visit = (module: GraphModule, path: readonly string[], fromSite: boolean): void => {
      for (const { request, module: imported } of module.imports()) {
        if (MDX_RUNTIME.test(request) || KEPT_ARTICLE_WIRED.includes(request) || !CODE_FILE.test(imported.resource)) continue;
        if (fromSite && !COMPONENT_REQUEST.test(request)) continue;
        if (seen.has(imported.resource)) continue;
        seen.add(imported.resource);
        const chain = [...path, request];
        const reason = interactiveReason(imported.source());
        if (reason) found.set(chain.join(' → '), reason);
        else if (SITE_CODE.test(imported.resource)) visit(imported, chain, true);
      }
    };
    visit(page, [], false);
    for (const [component, reason] of found) {
      problems.push(`${relative(page.resource)} uses ${component}, which is interactive (${reason})`);
    }
  }
  return problems.sort();
}

/** The error that stops the build when a kept article uses an interactive component, or null. */
export function keptArticleError(problems: readonly string[]): Error | null {
  if (problems.length === 0) return null;
  return new Error(
    `[perf] An interactive MDX component in a kept article: the page the reader opens keeps the server's HTML and never runs its components, so these would do nothing (src/lib/article/README.md). Draw the component without state or handlers, wire it on the article's DOM in src/lib/article/enhance.ts, or build without the kept article (plugins/perf/README.md):\n- ${problems.join('\n- ')}`,
  );
}

/** The compilation's module graph, as much as the checks read of it (Rspack and webpack alike). */
interface ModuleGraphLike {
  getOutgoingConnections(module: object): Iterable<{ dependency?: object | null; module?: object | null }>;
}

/**
 * The compilation's modules with the modules webpack concatenated into one (a `ConcatenatedModule`
 * keeps them in `modules`; Rspack lists them itself): a compiled page may be one of those.
 */
export function withInnerModules(modules: Iterable<object>): object[] {
  const all = new Set<object>();
  for (const module of modules) {
    all.add(module);
    const inner = (module as { modules?: Iterable<object> }).modules;
    if (inner && typeof inner[Symbol.iterator] === 'function') for (const part of inner) all.add(part);
  }
  return [...all];
}

/** The compilation's modules as `GraphModule`s, their code and imports read when asked for. */
export function graphModules(modules: Iterable<object>, graph: ModuleGraphLike): GraphModule[] {
  const made = new Map<object, GraphModule>();
  const of = (module: object): GraphModule => {
    const known = made.get(module);
    if (known) return known;
    const raw = module as { resource?: string; originalSource?(): { source(): string | Buffer } | null };
    const node: GraphModule = {
      resource: raw.resource ?? '',
      source: () => String(raw.originalSource?.()?.source() ?? ''),
      imports: () => {
        const list: { request: string; module: GraphModule }[] = [];
        for (const { dependency, module: target } of graph.getOutgoingConnections(module)) {
          // an import's request (webpack types it on ModuleDependency only)
          const request = (dependency as { request?: unknown } | null | undefined)?.request;
          if (typeof request === 'string' && request && target) list.push({ request, module: of(target) });
        }
        return list;
      },
    };
    made.set(module, node);
    return node;
  };
  return Array.from(modules, of);
}

interface Compilation {
  getStats(): { toJson(options: Record<string, boolean>): { modules?: StatsModule[] } };
  readonly fileDependencies: Iterable<string>;
  /** Every module of the compilation; JSON modules folded into another are here, not in the stats. */
  readonly modules: Iterable<object>;
  readonly moduleGraph?: ModuleGraphLike;
}

interface Compiler {
  hooks: { afterEmit: { tap(name: string, callback: (compilation: Compilation) => void): void } };
}

/**
 * Rspack/webpack plugin of the production client compilation: throws when a private path is missing
 * from it, and with `keptArticle` when a doc page uses an interactive MDX component.
 */
export class PerfChecksPlugin {
  constructor(private readonly options: { keptArticle?: boolean; siteDir?: string } = {}) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('monq-perf-checks', (compilation) => {
      const { modules = [] } = compilation.getStats().toJson({ all: false, modules: true, nestedModules: true });
      // The stats leave out a JSON module folded into another (routesChunkNames.json): add every resource.
      const resources = Array.from(compilation.modules, (module) => ({ name: (module as { resource?: string }).resource }));
      const error = problemsError('The client bundle\'s private paths', clientBundleProblems(modules.concat(resources), compilation.fileDependencies));
      if (error) throw error;
      if (!this.options.keptArticle) return;
      if (!compilation.moduleGraph) throw new Error('[perf] the compilation has no module graph: the kept article\'s check of MDX components cannot run (checks.ts)');
      const graph = graphModules(withInnerModules(compilation.modules), compilation.moduleGraph);
      // a check that found no doc page would pass whatever the pages use
      if (!graph.some(({ resource }) => KEPT_MARKDOWN.test(resource) && !NOT_KEPT.test(resource))) {
        throw new Error('[perf] no doc page\'s compiled Markdown among the client compilation\'s modules: the kept article\'s check of MDX components read nothing (checks.ts, keptArticleProblems)');
      }
      const kept = keptArticleError(keptArticleProblems(graph, this.options.siteDir));
      if (kept) throw kept;
    });
  }
}

/**
 * Markdown images become files only when Docusaurus's inline limit is 0: `WEBPACK_URL_LOADER_LIMIT=0`,
 * set by the `build` and `start` scripts of package.json. `limit` is the value Docusaurus read
 * (`WEBPACK_URL_LOADER_LIMIT` of @docusaurus/utils). Why files: plugins/perf/README.md, «The pieces».
 */
export function imageLimitProblem(limit: unknown): Error | null {
  if (Number(limit) === 0) return null;
  return new Error(
    `[perf] Markdown images under ${String(limit)} bytes would be inlined as data URIs: build with \`npm run build\`, which sets WEBPACK_URL_LOADER_LIMIT=0, or set it yourself (plugins/perf/README.md, «The pieces»)`,
  );
}

/** The app's element in a page: its opening tag and what follows it. */
const APP_START = /<div id="?__docusaurus"?>\s*(<[a-z]+)/i;

/**
 * What of the page template (ssr-template.ts) is missing from a built page: the boot with
 * hydration on intent, and in both modes the resource hints moved out of the app into `<head>`.
 */
export function templateProblems(html: string, hydration: 'intent' | 'load'): string[] {
  const problems: string[] = [];
  if (hydration === 'intent' && !/<script data-prefetch=/.test(html)) {
    problems.push('the page has no hydration boot (<script data-prefetch>): the site config\'s ssrTemplate is not plugins/perf/ssr-template.ts (config/perf.ts, pageTemplate)');
  }
  if (hydration === 'intent' && /<script[^>]+src="?[^" >]*main\.[^" >]*\.js"?[^>]*defer/.test(html)) {
    problems.push('the page loads main.js with <script defer>: the entry scripts should wait for the first input (ssr-template.ts)');
  }
  const first = APP_START.exec(html)?.[1]?.toLowerCase();
  if (first === undefined) problems.push('the page has no <div id="__docusaurus">: the page template changed shape');
  else if (first === '<link') problems.push('the app starts with <link> elements: the template no longer moves React\'s resource hints to <head> (ssr-template.ts, LEADING_LINKS)');
  return problems;
}

/** The built home page, for templateProblems. */
export const CHECKED_PAGE = 'index.html';
