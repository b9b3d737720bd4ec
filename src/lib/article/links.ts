/**
 * The kept article's links and code (README.md in this folder), without the DOM's globals: what
 * enhance.ts decides, in functions the unit tests call.
 */

/** A click the app may take over: the main button, no modifier key, not handled already (as Docusaurus's `Link`). */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>,
): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Where an article link goes inside the app: the path, query and hash; null for the browser. */
export function appTarget(anchor: HTMLAnchorElement, here: Location, isPage: (pathname: string) => boolean): string | null {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  // an anchor on this page: the browser scrolls, as with Docusaurus's Link
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null;
  if (!isPage(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** The code of a block as written: its lines (`.token-line`, build-time tokens) joined by line feeds. */
export function codeText(pre: Element): string {
  const lines = pre.querySelectorAll('.token-line');
  if (lines.length === 0) return pre.textContent ?? '';
  return Array.from(lines, (line) => line.textContent ?? '').join('\n');
}

/** react-router's `matchPath`, as far as the route matcher uses it. */
export type PathMatcher = (pathname: string, options: { path: string; exact?: boolean; strict?: boolean }) => unknown;

export interface RouteEntry {
  readonly path?: string;
  readonly exact?: boolean;
  readonly strict?: boolean;
  readonly routes?: readonly RouteEntry[];
}

/**
 * True when a route without child routes matches `pathname` (a page), following the layout routes
 * that match it; false for an address only the catch-all answers (a file, a missing page).
 */
export function pageRouteMatcher(routes: readonly RouteEntry[], matchPath: PathMatcher): (pathname: string) => boolean {
  const within = (pathname: string, list: readonly RouteEntry[]): boolean => {
    for (const route of list) {
      if (!route.path || route.path === '*') continue;
      if (!matchPath(pathname, { path: route.path, exact: route.exact, strict: route.strict })) continue;
      return route.routes ? within(pathname, route.routes) : true;
    }
    return false;
  };
  return (pathname) => within(pathname, routes);
}

