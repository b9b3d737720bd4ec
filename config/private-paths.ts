/**
 * The private paths a build can turn off: code that follows Docusaurus's internals rather than a
 * public API (MAINTAINING.md, «Частные пути», lists every one, with its figure, test and upstream
 * issue). `DOCS_PRIVATE_OFF=route-parts,utf8-minifier` turns those off, `DOCS_PRIVATE_OFF=all` every
 * one of them; the site works the same, only bigger or slower. CI builds and opens the site with all
 * of them off (scripts/build-variant.ts, `stock`).
 */
export const SWITCHABLE_PATHS = [
  /** Route data in parts: every route stays in `main.js` (the registry loader and the core patch stay: the patched prefetch reads the route data). */
  'route-parts',
  /** Code tokens at build time: the theme's Prism highlights in the browser again (no rehype plugin, no `prism-react-renderer` alias). */
  'code-tokens',
  /** Route chunks in the HTML: the boot prefetches the entry scripts only (plugins/perf/route-chunk-origins.ts). */
  'chunk-origins',
  /** The minifier rebuilt by class name for UTF-8 output (`withUtf8Minifier`). */
  'utf8-minifier',
  /** PostCSS without postcss-preset-env, found by its path (`withoutPostCssWork`). */
  'postcss-slim',
  /** The kept article's shared chunk, a cache group over its modules (`withSharedRouteCode`). */
  'shared-route-code',
  /** The kept article: the opened doc page renders its compiled Markdown, with the theme's own `DocItem/Content` (src/lib/article/README.md). */
  'kept-article',
  /** The docs plugin wrapper that moves descriptions out of the version chunk (plugins/docs-slim). */
  'docs-slim',
] as const;

export type SwitchablePath = (typeof SWITCHABLE_PATHS)[number];

/** The value of `DOCS_PRIVATE_OFF`: unset or blank turns nothing off. */
export function readPrivateOff(value: string | undefined): SwitchablePath[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('all')) return [...SWITCHABLE_PATHS];
  for (const name of names) {
    if (!(SWITCHABLE_PATHS as readonly string[]).includes(name)) {
      throw new Error(`DOCS_PRIVATE_OFF: "${name}" is not a private path with a switch (${SWITCHABLE_PATHS.join(', ')}, or all)`);
    }
  }
  return SWITCHABLE_PATHS.filter((name) => names.includes(name));
}
