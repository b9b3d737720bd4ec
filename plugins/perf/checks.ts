/**
 * Build-time checks that the private paths of plugins/perf took effect. Each one fails silently
 * otherwise: a loader whose rule matches no file, a core patch that did not apply, an alias that
 * lost to another, a page template that is not ours all still build a working site, only a bigger or
 * slower one. These checks stop `npm run build` instead, with what to look at.
 *
 * - `PerfChecksPlugin` (client compilation, production; a bundler plugin added by `configureWebpack`)
 *   reads the compiled modules when the bundles are written (`afterEmit`).
 * - `templateProblems` (the perf plugin's `postBuild`) reads the built home page.
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

interface Compilation {
  getStats(): { toJson(options: Record<string, boolean>): { modules?: StatsModule[] } };
  readonly fileDependencies: Iterable<string>;
  /** Every module of the compilation; JSON modules folded into another are here, not in the stats. */
  readonly modules: Iterable<object>;
}

interface Compiler {
  hooks: { afterEmit: { tap(name: string, callback: (compilation: Compilation) => void): void } };
}

/** Rspack/webpack plugin of the production client compilation: throws when a private path is missing from it. */
export class PerfChecksPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('monq-perf-checks', (compilation) => {
      const { modules = [] } = compilation.getStats().toJson({ all: false, modules: true, nestedModules: true });
      // The stats leave out a JSON module folded into another (routesChunkNames.json): add every resource.
      const resources = Array.from(compilation.modules, (module) => ({ name: (module as { resource?: string }).resource }));
      const error = problemsError('The client bundle\'s private paths', clientBundleProblems(modules.concat(resources), compilation.fileDependencies));
      if (error) throw error;
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
