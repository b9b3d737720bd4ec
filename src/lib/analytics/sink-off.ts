/**
 * `@monq/goals-counter` or `@monq/goals-site` in a build without that destination (plugins/analytics):
 * the same names as counter.ts and site.ts, doing nothing, so that none of its code ships.
 */
import type { GoalName, GoalParams } from '../reader/goals';

export const enabled = false;

export function send(_goal: GoalName, _params: GoalParams): void {}
