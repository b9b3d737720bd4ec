/**
 * The browser side of the writers' signals (src/lib/reader/goals.ts), in builds with the analytics
 * counter. Imported as `@monq/goals`: plugins/analytics points that name here when the site is built
 * with `YANDEX_METRICA_ID`, and at goals-off.ts (no code, nothing sent) otherwise.
 *
 * Goals go through the counter's `ym` queue (set up by the page's inline counter snippet); while
 * the counter's tag is not there, or cannot be reached, they wait in the queue and nothing fails.
 */
import siteConfig from '@generated/docusaurus.config';
import { counterId } from '../reader/metrica';
import { createSearchSignals, type GoalName, type GoalParams, type SearchSignals } from '../reader/goals';

type Ym = (id: number, method: string, ...args: unknown[]) => void;

const id = counterId(siteConfig.customFields?.metricaId);

/** Whether this build sends goals (it has a counter). */
export const goalsEnabled = id !== null;

/** Sends one goal; never throws (an analytics failure must not break the page or the search). */
export function sendGoal(goal: GoalName, params: GoalParams): void {
  if (id === null || typeof window === 'undefined') return;
  const ym = (window as unknown as { ym?: Ym }).ym;
  if (typeof ym !== 'function') return;
  try {
    ym(id, 'reachGoal', goal, params);
  } catch {
    // the counter's own failure: the reader does not need to know
  }
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
