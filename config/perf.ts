import type { PluginConfig } from '@docusaurus/types';
import perfPlugin from '../plugins/perf/index';
import type { SiteEnv } from './env';

/** Build-time plugins that keep the JavaScript of a page small (plugins/perf/README in its header). */
export function perfPlugins(_env: SiteEnv): PluginConfig[] {
  return [perfPlugin];
}
