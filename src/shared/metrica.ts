/**
 * Page-view hits of the web-analytics counter (Yandex Metrica): which route changes are counted and
 * what a hit carries. Pure, unit-tested; the browser side is src/clientModules/metrica.ts.
 */

/** Where the counter's tag is loaded from. */
export const METRICA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

/**
 * Options of `ym(id, 'init', ...)`. `defer: true` keeps the counter from sending a page view on its
 * own at init: every hit, the first one included, is sent by us exactly once.
 */
export const METRICA_INIT_OPTIONS = {
  defer: true,
  clickmap: true,
  trackLinks: true,
  accurateTrackBounce: true,
} as const;

export interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

export interface PageViewHit {
  /** Absolute URL of the page arrived at (path and query, no `#hash`). */
  url: string;
  /** Title of the page arrived at. */
  title: string;
  /** Absolute URL of the previous page, or the document referrer for the first page view. */
  referer: string;
}

/**
 * Whether a move from `previous` to `next` is a page view: the first page load is, any change of the
 * path is; a change of only the `#hash` (an anchor on the same page) or only the query (the search
 * page rewrites `?q=` as the reader types) is not.
 */
export function isPageView(previous: LocationLike | null, next: LocationLike): boolean {
  if (previous === null) return true;
  return previous.pathname !== next.pathname;
}

function absolute(origin: string, location: LocationLike): string {
  return `${origin}${location.pathname}${location.search}`;
}

/**
 * The hit to send for a move from `previous` to `next`, or `null` when none is due.
 * `title` must be the title of the page arrived at (read after the document title is updated);
 * `documentReferrer` is used for the first page view only.
 */
export function pageViewHit(
  previous: LocationLike | null,
  next: LocationLike,
  origin: string,
  title: string,
  documentReferrer: string,
): PageViewHit | null {
  if (!isPageView(previous, next)) return null;
  return {
    url: absolute(origin, next),
    title,
    referer: previous === null ? documentReferrer : absolute(origin, previous),
  };
}

/** The counter id as a number, or `null` when the site is built without one. */
export function counterId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

/**
 * The inline script of every page of a build with a counter (plugins/perf/ssr-template.ts): the
 * counter's standard queue, `init`, and the first page view's hit, with the fields `pageViewHit`
 * gives a first view (the page's address without `#hash`, its title, the document referrer). It runs
 * while the page is parsed, so the first view is queued without waiting for the page's scripts, which
 * start at the reader's first input. The counter's tag, which sends the queue, is requested in the
 * first idle time after the page has loaded (at most 3 s later): it does not compete with the page's
 * stylesheet, images and first paint.
 * `window.monqFirstHit` tells the client module (src/clientModules/metrica.ts) that the counter is
 * set up and the first hit sent. The same text on every page: one Content-Security-Policy hash.
 */
export function counterSnippet(id: number): string {
  const options = JSON.stringify(METRICA_INIT_OPTIONS);
  return [
    '(function(w,d,l){',
    'w.ym=w.ym||function(){(w.ym.a=w.ym.a||[]).push(arguments)};w.ym.l=Date.now();',
    `var t=function(){var s=d.createElement("script");s.async=true;s.src=${JSON.stringify(METRICA_TAG_URL)};d.head.appendChild(s)};`,
    'var i=function(){w.requestIdleCallback?w.requestIdleCallback(t,{timeout:3000}):t()};',
    'd.readyState==="complete"?i():w.addEventListener("load",i);',
    `w.ym(${id},"init",${options});`,
    `w.ym(${id},"hit",l.origin+l.pathname+l.search,{title:d.title,referer:d.referrer});`,
    'w.monqFirstHit=true;',
    '})(window,document,location)',
  ].join('');
}
