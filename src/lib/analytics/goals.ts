/**
 * The browser side of the writers' signals (src/lib/reader/goals.ts), in builds with one of their
 * destinations. Imported as `@monq/goals`: plugins/analytics points that name here when the site is
 * built with `YANDEX_METRICA_ID` or `DOCS_SIGNALS=site`, and at goals-off.ts (no code, nothing sent)
 * otherwise. Each goal goes to every destination of the build: the counter (`@monq/goals-counter`,
 * counter.ts) and the site's own host (`@monq/goals-site`, site.ts); a destination the build does not
 * have is sink-off.ts.
 */
import * as counter from '@monq/goals-counter';
import * as site from '@monq/goals-site';
import { createSearchSignals, type GoalName, type GoalParams, type SearchSignals } from '../reader/goals';

/** Whether this build sends goals (it has a destination). */
export const goalsEnabled = counter.enabled || site.enabled;

/** Sends one goal to each destination; never throws (a failure must not break the page or the search). */
export function sendGoal(goal: GoalName, params: GoalParams): void {
  counter.send(goal, params);
  site.send(goal, params);
}

let signals: SearchSignals | null = null;

/** The page's search goals (one instance per page load). */
export function searchSignals(): SearchSignals {
  signals ??= createSearchSignals(sendGoal, {
    set: (callback, ms) => window.setTimeout(callback, ms),
    clear: (handle) => window.clearTimeout(handle as number),
  });
  return signals;
}

/**
 * Rank of a hit in the open search dialog, in the order the reader sees the hits (from 1), found
 * by its address; 0 when it is not there.
 */
export function hitRank(url: string): number {
  const links = Array.from(document.querySelectorAll('.DocSearch-Dropdown .DocSearch-Hit a'));
  return links.findIndex((link) => link.getAttribute('href') === url) + 1;
}
