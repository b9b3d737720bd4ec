/**
 * `analytics`: the writers' signals (page feedback, search goals) in builds with the analytics
 * counter, and nothing at all without it. Public APIs only:
 *
 * - `configureWebpack` points the import name `@monq/goals` at src/lib/analytics/goals.ts (the
 *   counter's goals) or at goals-off.ts (no code, nothing sent), for the browser and the server;
 * - `getThemePath`, with the counter only, adds a theme wrapper of `DocItem/Footer` that renders the
 *   feedback form under each doc page (src/components/PageFeedback). Without the counter the theme's
 *   own footer is used untouched;
 * - `getClientModules`, with the counter only, adds src/clientModules/metrica.ts (the page views after
 *   the first). Without the counter the browser gets none of its code.
 *
 * Registered by config/analytics.ts with `counter` from config/env.ts (off in pull-request previews,
 * as the page views are).
 */
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

export interface AnalyticsPluginOptions {
  /** Whether the build has the analytics counter (`YANDEX_METRICA_ID`, not a PR preview). */
  counter: boolean;
}

/** The import name of the goals module (tsconfig.json maps it to goals.ts for the type checker). */
export const GOALS_MODULE = '@monq/goals';

export function goalsModulePath(siteDir: string, counter: boolean): string {
  return join(siteDir, 'src', 'lib', 'analytics', counter ? 'goals.ts' : 'goals-off.ts');
}

/** The client module that counts the page views after the first (builds with the counter only). */
export function metricaClientModule(siteDir: string): string {
  return join(siteDir, 'src', 'clientModules', 'metrica.ts');
}

function readOptions(raw: unknown): AnalyticsPluginOptions {
  const counter = (raw as Partial<AnalyticsPluginOptions> | undefined)?.counter;
  if (typeof counter !== 'boolean') throw new Error('[analytics] option `counter` must be true or false');
  return { counter };
}

export default function analyticsPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = readOptions(rawOptions);
  const target = goalsModulePath(context.siteDir, options.counter);
  return {
    name: 'monq-analytics',
    ...(options.counter
      ? {
          getThemePath: () => join(context.siteDir, 'plugins', 'analytics', 'theme'),
          getClientModules: () => [metricaClientModule(context.siteDir)],
        }
      : {}),
    configureWebpack() {
      return { resolve: { alias: { [`${GOALS_MODULE}$`]: target } } };
    },
  };
}
