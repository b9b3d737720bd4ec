/**
 * Docusaurus's `ComponentCreator` for the browser bundle, with route data on demand. The client
 * config aliases `@docusaurus/ComponentCreator` here (plugins/perf/index.ts); the server bundle keeps
 * Docusaurus's own, so the HTML is what stock Docusaurus renders.
 *
 * Docusaurus's version (3.10.2, `@docusaurus/core/lib/client/exports/ComponentCreator.js`) reads the
 * route → chunk table and the registry, both in `main.js`, when `routes.js` calls it once per route
 * as `main.js` starts. Here a route's chunks are looked up when the route is first rendered or
 * preloaded (routeData.ts, through `@generated/registry` as plugins/perf/registry-loader.cjs makes
 * it), and the route's `Loadable` is made at that moment too. Rendering is Docusaurus's: the same
 * props, the same route context, the same error for a chunk without a default export.
 *
 * After a Docusaurus upgrade, compare this file with the installed one (tests/unit/perf-plugin.test.ts
 * checks that it still has the shape this copy follows). To remove: drop the alias and the
 * registry loader in plugins/perf/index.ts and the core patch under patches/.
 */
import type { ComponentType, ReactNode } from 'react';
import Loadable from 'react-loadable';
import routeData from '@generated/registry';
import Loading from '@theme/Loading';
import flat from '@docusaurus/core/lib/client/flat';
import { RouteContextProvider } from '@docusaurus/core/lib/client/routeContext';
import { openedArticle, staticArticle } from '../article/staticArticle';
import { loadMdxContent } from '../article/mdxContent';
import type { RouteChunks, RouteData } from './routeData';

type Props = Record<string, unknown>;
type Module = { default?: unknown } & Record<string, unknown>;
type Loaded = { chunks: RouteChunks['chunks']; loaded: Record<string, Module> };
type Preloadable = ComponentType<Props> & { preload(): Promise<unknown> };

/** The key of a page's compiled Markdown among its route chunks (doc pages and Markdown pages). */
const MARKDOWN_KEY = 'content';

/**
 * The route's chunks, each chunk loaded: `{ chunks, loaded: { "<key path>": module } }`.
 *
 * A route with compiled Markdown gets it in one of two ways (src/lib/article/README.md): the page the
 * browser opened keeps the article the server rendered, with the data the server wrote next to it,
 * and loads no Markdown chunk; any other page loads its compiled article and the theme's
 * `MDXContent` with it, so it renders at once.
 */
function loadRoute(path: string, hash: string): Promise<Loaded> {
  return (routeData as unknown as RouteData).route(path, hash).then(({ chunks, registry }) => {
    const keyPaths = Object.entries(flat(chunks as Parameters<typeof flat>[0])).filter(([, name]) => registry[name]);
    const markdown = keyPaths.some(([keyPath]) => keyPath === MARKDOWN_KEY);
    // `__MONQ_KEPT_ARTICLE__` false (DOCS_PRIVATE_OFF=kept-article): the theme's DocItem/Content imports MDXContent itself.
    const kept = markdown && __MONQ_KEPT_ARTICLE__ ? openedArticle(path) : null;
    const load = (keyPath: string, name: string): Promise<Module> =>
      kept && keyPath === MARKDOWN_KEY
        ? Promise.resolve({ ...kept.data, default: staticArticle(kept.html) })
        : (registry[name]!() as Promise<Module>);
    const components = markdown && !kept && __MONQ_KEPT_ARTICLE__ ? loadMdxContent() : null;
    return Promise.all([Promise.all(keyPaths.map(([keyPath, name]) => load(keyPath, name))), components]).then(([modules]) => ({
      chunks,
      loaded: Object.fromEntries(keyPaths.map(([keyPath], index) => [keyPath, modules[index]!])),
    }));
  });
}

function createLoadable(path: string, hash: string): Preloadable {
  return Loadable({
    loading: Loading,
    loader: () => loadRoute(path, hash),
    render({ chunks, loaded }: Loaded, props: Props): ReactNode {
      // As in Docusaurus: each chunk name of the route's chunks is replaced by its loaded module.
      const modules = JSON.parse(JSON.stringify(chunks)) as Record<string, unknown>;
      Object.entries(loaded).forEach(([keyPath, loadedModule]) => {
        const chunk = loadedModule.default as Record<string, unknown> | undefined;
        if (!chunk) {
          throw new Error(
            `The page component at ${path} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`,
          );
        }
        if (typeof chunk === 'object' || typeof chunk === 'function') {
          Object.keys(loadedModule)
            .filter((key) => key !== 'default')
            .forEach((key) => {
              chunk[key] = loadedModule[key];
            });
        }
        const keys = keyPath.split('.');
        let target = modules;
        keys.slice(0, -1).forEach((key) => {
          target = target[key] as Record<string, unknown>;
        });
        target[keys[keys.length - 1]!] = chunk;
      });
      const { __comp: Component, __context: routeContext, __props: routeProps, ...rest } = modules as Props & {
        __comp: ComponentType<Props>;
        __context: Parameters<typeof RouteContextProvider>[0]['value'];
        __props?: Props;
      };
      return (
        <RouteContextProvider value={routeContext}>
          <Component {...rest} {...routeProps} {...props} />
        </RouteContextProvider>
      );
    },
  }) as unknown as Preloadable;
}

export default function ComponentCreator(path: string, hash: string): ComponentType<Props> {
  // 404 page
  if (path === '*') {
    return Loadable({
      loading: Loading,
      loader: () => import('@theme/NotFound'),
      render(loaded: { default: ComponentType<Props> }, props: Props): ReactNode {
        const NotFound = loaded.default;
        return (
          <RouteContextProvider value={{ plugin: { name: 'native', id: 'default' } }}>
            <NotFound {...props} />
          </RouteContextProvider>
        );
      },
    }) as unknown as ComponentType<Props>;
  }
  // Made when the route is first rendered or preloaded: one per route when main.js starts (383) was
  // a measurable part of its evaluation.
  let loadable: Preloadable | null = null;
  const routeComponent = (): Preloadable => (loadable ??= createLoadable(path, hash));
  function Route(props: Props): ReactNode {
    const Component = routeComponent();
    return <Component {...props} />;
  }
  Route.preload = () => routeComponent().preload();
  return Route;
}
