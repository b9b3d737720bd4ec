/**
 * Writers' signals: page feedback and search goals (plugins/analytics, src/lib/reader/goals.ts), to
 * the analytics counter (`YANDEX_METRICA_ID`) and/or the site's own host (`DOCS_SIGNALS=site`).
 * Present in every build; it adds code and sends anything only when one of them is on (never in a
 * pull-request preview).
 */
import type { PluginConfig } from '@docusaurus/types';
import analyticsPlugin, { type AnalyticsPluginOptions } from '../plugins/analytics/index';
import type { SiteEnv } from './env';

export function analyticsPlugins(env: SiteEnv): PluginConfig[] {
  return [[analyticsPlugin, { counter: env.metricaId !== null, siteSignals: env.siteSignals } satisfies AnalyticsPluginOptions]];
}
