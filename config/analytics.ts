/**
 * Writers' signals through the analytics counter: page feedback and search goals
 * (plugins/analytics, src/lib/reader/goals.ts). Present in every build; it adds code and sends
 * goals only when the build has the counter (`YANDEX_METRICA_ID`, and not a pull-request preview).
 */
import type { PluginConfig } from '@docusaurus/types';
import analyticsPlugin, { type AnalyticsPluginOptions } from '../plugins/analytics/index';
import type { SiteEnv } from './env';

export function analyticsPlugins(env: SiteEnv): PluginConfig[] {
  return [[analyticsPlugin, { counter: env.metricaId !== null } satisfies AnalyticsPluginOptions]];
}
