/** Whether an address is a page of the app, for the kept article's links (enhance.ts). */
import routes from '@generated/routes';
import { matchPath } from '@docusaurus/router';
import { pageRouteMatcher, type RouteEntry } from './links';

/** True when a page of the site answers `pathname` (see `pageRouteMatcher`). */
export const isPageRoute = pageRouteMatcher(routes as readonly RouteEntry[], matchPath);

/** Docusaurus's preload of a page's code, as the search dialog's hits call it. */
export function preloadPage(pathname: string): void {
  void window.docusaurus.preload(pathname);
}
