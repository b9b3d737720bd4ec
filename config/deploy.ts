/**
 * Build-time plugins that serve self-hosting (deploy/nginx): the Content-Security-Policy computed
 * from the built HTML, the nginx redirect rules, and pre-compressed .gz/.br files.
 */
import type { PluginConfig } from '@docusaurus/types';
import deployPlugin, { type DeployPluginOptions } from '../plugins/deploy/index';
import type { SiteEnv } from './env';

export function deployOptions(env: SiteEnv): DeployPluginOptions {
  return {
    // readEnv already drops the counter in a PR preview; checked again so the policy can never allow it there
    analytics: env.metricaId !== null && !env.prPreview,
    hostedSearch: env.docsearch ? { appId: env.docsearch.appId } : null,
    // local mode: plugins/search-index writes search/ in this build
    awaitSearchIndex: env.docsearch === null,
  };
}

export function deployPlugins(env: SiteEnv): PluginConfig[] {
  return [[deployPlugin, deployOptions(env)]];
}
