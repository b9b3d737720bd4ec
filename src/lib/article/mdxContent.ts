/**
 * The theme's `MDXContent` (the provider of the article's components: code blocks, admonitions,
 * headings, links) for a doc page that renders its article in the browser.
 *
 * The browser loads it only then: the page the reader opened keeps the article the server rendered
 * (README.md in this folder), so its first input does not fetch the article's components. A page
 * reached by client navigation gets it with its route (src/lib/routes/ComponentCreator.tsx calls
 * `loadMdxContent`), so it renders at once; anything else suspends until it has loaded.
 *
 * The server renders every article and takes the theme's module synchronously: `__MONQ_SERVER__`
 * (plugins/perf) is `false` in the browser's bundle, which then drops that `require` and the module.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';

export type MDXContentComponent = ComponentType<{ children: ReactNode }>;

let loaded: MDXContentComponent | null = __MONQ_SERVER__
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous import on the server only
    (require('@theme/MDXContent') as { default: MDXContentComponent }).default
  : null;
let pending: Promise<MDXContentComponent> | null = null;

/** Loads the theme's `MDXContent` once; a failed load is tried again by the next call. */
export function loadMdxContent(): Promise<MDXContentComponent> {
  if (loaded) return Promise.resolve(loaded);
  const load =
    pending ??
    import('@theme/MDXContent').then(
      (module) => (loaded = module.default as MDXContentComponent),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
  pending = load;
  return load;
}

const LazyMDXContent = lazy(() => loadMdxContent().then((component) => ({ default: component })));

/** The component, and whether it may suspend (not loaded yet: render it inside `Suspense`). */
export function mdxContent(): { component: MDXContentComponent; suspends: boolean } {
  return loaded ? { component: loaded, suspends: false } : { component: LazyMDXContent, suspends: true };
}
