import type { PluginConfig } from '@docusaurus/types';
import type { SiteEnv } from './env';

/** Build-time plugins that serve self-hosting (nginx, security headers). */
export function deployPlugins(_env: SiteEnv): PluginConfig[] {
  return [];
}
