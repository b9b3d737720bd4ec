/**
 * The private paths a build can turn off: code that follows Docusaurus's internals rather than a
 * public API (MAINTAINING.md, «Частные пути», lists every one, with its figure, test and upstream
 * issue). `DOCS_PRIVATE_OFF=route-parts,code-tokens` turns those off, `DOCS_PRIVATE_OFF=all` every
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
  /** The kept article's shared chunk, a cache group over its modules (`withSharedRouteCode`). */
  'shared-route-code',
  /** The kept article: the opened doc page renders its compiled Markdown, with the theme's own `DocItem/Content` (src/lib/article/README.md). */
  'kept-article',
  /** The docs plugin wrapper that moves descriptions out of the version chunk (plugins/docs-slim). */
  'docs-slim',
  /** The Russian loading and crash screens (src/theme/Loading, src/theme/Error): the core's English ones instead. */
  'theme-fallbacks',
  /**
   * The ejected search bar and our search page (src/theme/SearchBar, src/theme/SearchPage): the theme's
   * own, the bar with the local client handed in (src/search/StockSearchBar.tsx); the theme's search
   * page then needs the hosted service.
   */
  'search-theme',
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
