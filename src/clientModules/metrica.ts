/**
 * Web-analytics counter (Yandex Metrica): one page-view hit per route change. The page's inline
 * counter (`counterSnippet`, written by the page template) loads the tag and counts the first view
 * while the page is parsed; this module counts the views that follow, once the page is interactive.
 * Without the inline counter (a page template without it) it loads the tag and counts the first view
 * itself. plugins/analytics registers it only in builds with the counter; without
 * `customFields.metricaId` it would load and send nothing.
 * The decisions (is this a page view, what does the hit carry) live in src/shared/metrica.ts.
 */
import type { ClientModule } from '@docusaurus/types';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import {
  METRICA_INIT_OPTIONS,
  METRICA_TAG_URL,
  counterId,
  pageViewHit,
  type LocationLike,
} from '../shared/metrica';

type Ym = ((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
    /** Set by the page's inline counter: the tag is loading and the first view is counted. */
    monqFirstHit?: boolean;
  }
}

const id = counterId(siteConfig.customFields?.metricaId);
let initialised = false;

/** The standard Metrica snippet: a queueing `ym` until the tag arrives, the tag added once. */
function loadCounter(counter: number): void {
  if (initialised) return;
  initialised = true;
  if (window.monqFirstHit) return;
  if (!window.ym) {
    const queue: Ym = function ym() {
      // eslint-disable-next-line prefer-rest-params
      (queue.a = queue.a ?? []).push(arguments);
    };
    queue.l = Date.now();
    window.ym = queue;
  }
  const present = Array.from(document.scripts).some((script) => script.src === METRICA_TAG_URL);
  if (!present) {
    const script = document.createElement('script');
    script.async = true;
    script.src = METRICA_TAG_URL;
    document.head.appendChild(script);
  }
  window.ym(counter, 'init', { ...METRICA_INIT_OPTIONS });
}

/**
 * Runs after the document title of the new page is committed: react-helmet-async writes it in the
 * next animation frame after the route renders, so wait for that frame and then one task.
 */
function afterTitleUpdate(callback: () => void): void {
  window.requestAnimationFrame(() => window.setTimeout(callback, 0));
}

function snapshot(location: LocationLike): LocationLike {
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}

const clientModule: ClientModule = {
  onRouteDidUpdate({ location, previousLocation }) {
    if (id === null || !ExecutionEnvironment.canUseDOM) return;
    loadCounter(id);
    // The page's inline counter has counted the first view.
    if (previousLocation === null && window.monqFirstHit) return;
    const previous = previousLocation ? snapshot(previousLocation) : null;
    const next = snapshot(location);
    afterTitleUpdate(() => {
      const hit = pageViewHit(previous, next, window.location.origin, document.title, document.referrer);
      if (hit && window.ym) {
        window.ym(id, 'hit', hit.url, { title: hit.title, referer: hit.referer });
      }
    });
  },
};

export default clientModule;
