/**
 * `perf`: build-time tweaks of the bundles that keep the JavaScript a page runs on load small.
 *
 * - `prism-react-renderer` is replaced in the bundles (client and server, so hydration matches) by
 *   `highlight.tsx`: the same `Highlight`, fed with tokens computed at build time by
 *   `rehype-code-tokens.ts`, so no Prism grammar reaches the browser (about 26 KB gzip less in
 *   `main.js`, on every page).
 * - Client bundle: chunk files are named by chunk id, so the runtime no longer carries a table of chunk
 *   names for file names; the route registry loses the module paths only the server uses
 *   (`registry-loader.cjs`), and route chunks get short names in the registry, the route → chunk table
 *   and the runtime (`chunk-names.cjs`, `route-chunks-loader.cjs`).
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { Plugin } from '@docusaurus/types';

const here = dirname(fileURLToPath(import.meta.url));

/** Client chunk files: `assets/js/<chunk id>.<content hash>.js` (Docusaurus: `<chunk name>.<hash>`). */
export const CLIENT_CHUNK_FILENAME = 'assets/js/[id].[contenthash:8].js';
/** The route registry that Docusaurus generates. */
export const REGISTRY_MODULE = /[\\/]\.docusaurus[\\/]registry\.js$/;
/** The route → chunk-names table that Docusaurus generates. */
export const ROUTE_CHUNKS_MODULE = /[\\/]\.docusaurus[\\/]routesChunkNames\.json$/;

export default function perfPlugin(): Plugin {
  return {
    name: 'monq-perf',
    configureWebpack(config, isServer) {
      const alias = { resolve: { alias: { 'prism-react-renderer$': join(here, 'highlight.tsx') } } };
      if (isServer || config.mode !== 'production') return alias;
      return {
        ...alias,
        output: { chunkFilename: CLIENT_CHUNK_FILENAME },
        module: {
          rules: [
            { test: REGISTRY_MODULE, use: [{ loader: join(here, 'registry-loader.cjs') }] },
            { test: ROUTE_CHUNKS_MODULE, use: [{ loader: join(here, 'route-chunks-loader.cjs') }] },
          ],
        },
      };
    },
  };
}
