/**
 * `analytics`: the writers' signals (page feedback, search goals) in builds with a destination for
 * them, the analytics counter (`counter`) and/or the site's own host (`siteSignals`,
 * `DOCS_SIGNALS=site`), and nothing at all without one. Public APIs only:
 *
 * - `configureWebpack` points the import name `@monq/goals` at src/lib/analytics/goals.ts (the goals)
 *   or at goals-off.ts (no code, nothing sent), and each destination's name (`@monq/goals-counter`,
 *   `@monq/goals-site`) at its module (counter.ts, site.ts) or at sink-off.ts, for the browser and the
 *   server: a build carries the code of its destinations only;
 * - `getThemePath`, with a destination only, adds a theme wrapper of `DocItem/Footer` that renders the
 *   feedback form under each doc page (src/components/PageFeedback). Without one the theme's own
 *   footer is used untouched;
 * - `getClientModules` adds src/clientModules/metrica.ts (the page views after the first) with the
 *   counter only, and src/clientModules/siteSignals.ts (a query left unsettled is sent when the reader
 *   leaves the page) with `siteSignals` only. Otherwise the browser gets none of their code;
 * - `postBuild`, with `siteSignals` only, writes `.nginx/signals.txt` (the path the signals go to):
 *   `npm run package` checks it, so that the archive for a closed network always sends them.
 *
 * Registered by config/analytics.ts with `counter` and `siteSignals` from config/env.ts (both off in
 * pull-request previews, as the page views are).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { SIGNALS_PATH } from '../../src/shared/signals';

export interface AnalyticsPluginOptions {
  /** Whether the build has the analytics counter (`YANDEX_METRICA_ID`, not a PR preview). */
  counter: boolean;
  /** Whether the signals also go to the site's own host (`DOCS_SIGNALS=site`); default false. */
  siteSignals?: boolean;
}

/** Written into the build's `.nginx/` when the signals go to the site (read by scripts/package.ts). */
export const SIGNALS_MARKER = join('.nginx', 'signals.txt');

/** The import name of the goals module (tsconfig.json maps it to goals.ts for the type checker). */
export const GOALS_MODULE = '@monq/goals';
/** The import names of the destinations (tsconfig.json maps them to counter.ts and site.ts). */
export const COUNTER_MODULE = '@monq/goals-counter';
export const SITE_MODULE = '@monq/goals-site';

function analyticsFile(siteDir: string, name: string): string {
  return join(siteDir, 'src', 'lib', 'analytics', name);
}

/** The goals module: the real one when the build has any destination (`on`). */
export function goalsModulePath(siteDir: string, on: boolean): string {
  return analyticsFile(siteDir, on ? 'goals.ts' : 'goals-off.ts');
}

/** The modules the import names of the build point at. */
export function goalsAliases(siteDir: string, options: Required<AnalyticsPluginOptions>): Record<string, string> {
  return {
    [`${GOALS_MODULE}$`]: goalsModulePath(siteDir, options.counter || options.siteSignals),
    [`${COUNTER_MODULE}$`]: analyticsFile(siteDir, options.counter ? 'counter.ts' : 'sink-off.ts'),
    [`${SITE_MODULE}$`]: analyticsFile(siteDir, options.siteSignals ? 'site.ts' : 'sink-off.ts'),
  };
}

/** The client module that counts the page views after the first (builds with the counter only). */
export function metricaClientModule(siteDir: string): string {
  return join(siteDir, 'src', 'clientModules', 'metrica.ts');
}

/** The client module of the signals to the site (builds with `siteSignals` only). */
export function siteSignalsClientModule(siteDir: string): string {
  return join(siteDir, 'src', 'clientModules', 'siteSignals.ts');
}

function readOptions(raw: unknown): Required<AnalyticsPluginOptions> {
  const { counter, siteSignals = false } = (raw as Partial<AnalyticsPluginOptions> | undefined) ?? {};
  if (typeof counter !== 'boolean') throw new Error('[analytics] option `counter` must be true or false');
  if (typeof siteSignals !== 'boolean') throw new Error('[analytics] option `siteSignals` must be true or false');
  return { counter, siteSignals };
}

export default function analyticsPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = readOptions(rawOptions);
  const aliases = goalsAliases(context.siteDir, options);
  const clientModules = [
    ...(options.counter ? [metricaClientModule(context.siteDir)] : []),
    ...(options.siteSignals ? [siteSignalsClientModule(context.siteDir)] : []),
  ];
  return {
    name: 'monq-analytics',
    ...(options.counter || options.siteSignals
      ? {
          // client code: the theme folder lives with the component it renders (src/components/PageFeedback)
          getThemePath: () => join(context.siteDir, 'src', 'components', 'PageFeedback', 'theme'),
          getClientModules: () => clientModules,
        }
      : {}),
    ...(options.siteSignals
      ? {
          postBuild: async ({ outDir }: { outDir: string }) => {
            mkdirSync(join(outDir, '.nginx'), { recursive: true });
            writeFileSync(join(outDir, SIGNALS_MARKER), `${context.baseUrl}${SIGNALS_PATH}\n`);
          },
        }
      : {}),
    configureWebpack() {
      return { resolve: { alias: aliases } };
    },
  };
}
