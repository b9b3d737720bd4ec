/**
 * `@monq/goals` in builds without the analytics counter (plugins/analytics): the same names as
 * goals.ts, doing nothing, so that no code of the signals ships and nothing is sent.
 */
import type { GoalName, GoalParams, SearchSignals } from '../reader/goals';

export const goalsEnabled = false;

export function sendGoal(_goal: GoalName, _params: GoalParams): void {}

const signals: SearchSignals = { results() {}, hitOpen() {}, close() {} };

export function searchSignals(): SearchSignals {
  return signals;
}

export function hitRank(_url: string): number {
  return 0;
}
