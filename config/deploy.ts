/**
 * Build-time plugins that serve self-hosting (deploy/nginx): the Content-Security-Policy computed
 * from the built HTML, the nginx redirect rules, and pre-compressed .gz/.br files.
 */
import type { PluginConfig } from '@docusaurus/types';
import deployPlugin, { type DeployPluginOptions } from '../plugins/deploy/index';
import type { SiteEnv } from './env';
import { clientRedirects } from './redirects';
import { llmsFiles } from './llms';

export function deployOptions(env: SiteEnv): DeployPluginOptions {
  return {
    // readEnv already drops the counter in a PR preview; checked again so the policy can never allow it there
    analytics: env.metricaId !== null && !env.prPreview,
    hostedSearch: env.docsearch ? { appId: env.docsearch.appId } : null,
    // local mode: plugins/search-index writes search/ in this build
    awaitSearchIndex: env.docsearch === null,
    // Written by the steps before deploy (plugins/lib/post-build-order.ts); llms.txt and the full
    // texts come after the Markdown twins, which are compressed with them.
    expectFiles: [...redirectPages(), SITEMAP_FILE, ...llmsFiles()],
  };
}

/** The sitemap the preset's sitemap plugin writes in postBuild (its `filename` option). */
export const SITEMAP_FILE = 'sitemap.xml';

/** The pages @docusaurus/plugin-client-redirects writes in postBuild: `<from>/index.html`. */
export function redirectPages(): string[] {
  return clientRedirects().map(({ from }) => `${from.replace(/^\/+/, '')}/index.html`.replace(/^\//, ''));
}

export function deployPlugins(env: SiteEnv): PluginConfig[] {
  return [[deployPlugin, deployOptions(env)]];
}
