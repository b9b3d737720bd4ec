/**
 * `@monq/goals-site` in builds with `DOCS_SIGNALS=site` (plugins/analytics): a goal goes to the site's
 * own host as one GET request to `/_signals` with its fields as parameters (src/lib/reader/signals.ts),
 * which deploy/nginx answers with 204 and logs. `keepalive` lets a signal sent while the reader leaves
 * the page arrive; no cookie and no referrer go with it. In other builds the name points at
 * sink-off.ts, so no code of it ships.
 */
import siteConfig from '@generated/docusaurus.config';
import { signalUrl } from '../reader/signals';
import type { GoalName, GoalParams } from '../reader/goals';

const latest = String(siteConfig.customFields?.signalsLatestVersion ?? 'site');

/** Whether this destination sends anything. */
export const enabled = true;

/** Sends one goal to the site; never throws, never waits (a lost signal must not break the page). */
export function send(goal: GoalName, params: GoalParams): void {
  if (typeof window === 'undefined' || typeof window.fetch !== 'function') return;
  try {
    void window
      .fetch(signalUrl(siteConfig.baseUrl, goal, params, latest), {
        method: 'GET',
        keepalive: true,
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      })
      .catch(() => undefined);
  } catch {
    // a browser that refuses the request: the reader does not need to know
  }
}
