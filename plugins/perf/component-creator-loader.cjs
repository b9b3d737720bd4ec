/**
 * Loader for Docusaurus's `ComponentCreator` (client production bundle only), the function that
 * `routes.js` calls once per route when `main.js` starts.
 *
 * Stock, each call reads the route's chunks in the route → chunk table and the registry, both in
 * `main.js`, and builds a `Loadable.Map` over them. Here the route's chunks are looked up when the
 * route is first rendered or preloaded (route-data.ts, through `@generated/registry` as
 * registry-loader.cjs writes it), so the tables of the other docs versions stay out of `main.js`; the
 * route's `Loadable` is made at that moment too, so starting `main.js` no longer walks every route or
 * builds a component class per route. Rendering is Docusaurus's: the same props, the same
 * route context, the same error when a chunk has no default export.
 *
 * The module is replaced whole; the loader checks that the installed one still has the shape this
 * replacement was written for, and stops the build otherwise (after a Docusaurus upgrade, compare the two).
 */
const EXPECTED = [
  "import routesChunkNames from '@generated/routesChunkNames';",
  "import registry from '@generated/registry';",
  "import flat from '../flat';",
  "import { RouteContextProvider } from '../routeContext';",
  'export default function ComponentCreator(path, hash) {',
  'const chunkNames = routesChunkNames[`${path}-${hash}`];',
  'return Loadable.Map({',
  'const routeProps = loadedModules.__props;',
];

const SOURCE = `// monq: plugins/perf/component-creator-loader.cjs — Docusaurus's ComponentCreator, route data on demand
import React from 'react';
import Loadable from 'react-loadable';
import routeData from '@generated/registry';
import Loading from '@theme/Loading';
import flat from '../flat';
import { RouteContextProvider } from '../routeContext';

/** The route's chunks, each chunk loaded: \`{ chunks, loaded: { "<key path>": module } }\`. */
function loadRoute(path, hash) {
    return routeData.route(path, hash).then(({ chunks, registry }) => {
        const keyPaths = Object.entries(flat(chunks)).filter(([, chunkName]) => registry[chunkName]);
        return Promise.all(keyPaths.map(([, chunkName]) => registry[chunkName]())).then((modules) => ({
            chunks,
            loaded: Object.fromEntries(keyPaths.map(([keyPath], index) => [keyPath, modules[index]])),
        }));
    });
}

export default function ComponentCreator(path, hash) {
    // 404 page
    if (path === '*') {
        return Loadable({
            loading: Loading,
            loader: () => import('@theme/NotFound'),
            render(loaded, props) {
                const NotFound = loaded.default;
                return (<RouteContextProvider value={{ plugin: { name: 'native', id: 'default' } }}>
            <NotFound {...props}/>
          </RouteContextProvider>);
            },
        });
    }
    // The Loadable is made when the route is first rendered or preloaded: making one per route when
    // main.js starts (383 of them) was a measurable part of its evaluation.
    let loadable = null;
    const routeComponent = () => loadable ?? (loadable = createLoadable(path, hash));
    function Route(props) {
        const Component = routeComponent();
        return <Component {...props}/>;
    }
    Route.preload = () => routeComponent().preload();
    return Route;
}

function createLoadable(path, hash) {
    return Loadable({
        loading: Loading,
        loader: () => loadRoute(path, hash),
        render({ chunks, loaded }, props) {
            // As in Docusaurus: each chunk name of the route's chunks is replaced by its loaded module.
            const loadedModules = JSON.parse(JSON.stringify(chunks));
            Object.entries(loaded).forEach(([keyPath, loadedModule]) => {
                const chunk = loadedModule.default;
                if (!chunk) {
                    throw new Error(\`The page component at \${path} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.\`);
                }
                if (typeof chunk === 'object' || typeof chunk === 'function') {
                    Object.keys(loadedModule)
                        .filter((k) => k !== 'default')
                        .forEach((nonDefaultKey) => {
                        chunk[nonDefaultKey] = loadedModule[nonDefaultKey];
                    });
                }
                let val = loadedModules;
                const keyPaths = keyPath.split('.');
                keyPaths.slice(0, -1).forEach((k) => {
                    val = val[k];
                });
                val[keyPaths[keyPaths.length - 1]] = chunk;
            });
            const Component = loadedModules.__comp;
            delete loadedModules.__comp;
            const routeContext = loadedModules.__context;
            delete loadedModules.__context;
            const routeProps = loadedModules.__props;
            delete loadedModules.__props;
            return (<RouteContextProvider value={routeContext}>
          <Component {...loadedModules} {...routeProps} {...props}/>
        </RouteContextProvider>);
        },
    });
}
`;

/** The installed ComponentCreator. */
const COMPONENT_CREATOR_MODULE = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]ComponentCreator\.js$/;

function replaceComponentCreator(source, resourcePath) {
  const missing = EXPECTED.filter((snippet) => !source.includes(snippet));
  if (missing.length > 0) {
    throw new Error(`perf: ${resourcePath} changed (${missing.join(' | ')}); see plugins/perf/component-creator-loader.cjs`);
  }
  return SOURCE;
}

module.exports = function componentCreatorLoader(source) {
  return replaceComponentCreator(source, this.resourcePath);
};
module.exports.COMPONENT_CREATOR_MODULE = COMPONENT_CREATOR_MODULE;
module.exports.replaceComponentCreator = replaceComponentCreator;
