/**
 * `@monq/goals-counter` in builds with the analytics counter (plugins/analytics): a goal goes through
 * the counter's `ym` queue (set up by the page's inline counter snippet); while the counter's tag is
 * not there, or cannot be reached, goals wait in the queue and nothing fails. In builds without the
 * counter the name points at sink-off.ts.
 */
import siteConfig from '@generated/docusaurus.config';
import { counterId } from '../../shared/metrica';
import type { GoalName, GoalParams } from '../reader/goals';

type Ym = (id: number, method: string, ...args: unknown[]) => void;

const id = counterId(siteConfig.customFields?.metricaId);

/** Whether this destination sends anything (the build has a counter id). */
export const enabled = id !== null;

/** Sends one goal to the counter; never throws (an analytics failure must not break the page or the search). */
export function send(goal: GoalName, params: GoalParams): void {
  if (id === null || typeof window === 'undefined') return;
  const ym = (window as unknown as { ym?: Ym }).ym;
  if (typeof ym !== 'function') return;
  try {
    ym(id, 'reachGoal', goal, params);
  } catch {
    // the counter's own failure: the reader does not need to know
  }
}
