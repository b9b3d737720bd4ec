/**
 * `@docusaurus/plugin-content-docs`, wrapped: the same plugin (name, options, content, routes), except
 * that its routes go through slimRoute (plugins/docs-slim/routes.ts): the `docs` map leaves the version
 * chunk every page loads, and index pages get the descriptions their cards show. Registered instead of
 * the preset's docs plugin, for both instances (docusaurus.config.ts).
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';
import pluginContentDocs from '@docusaurus/plugin-content-docs/lib/index.js';
import { slimRoute, type DocLike, type RouteLike } from './routes';

export { validateOptions } from '@docusaurus/plugin-content-docs/lib/index.js';

export default async function slimDocsPlugin(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await pluginContentDocs(context, options);
  const contentLoaded = plugin.contentLoaded;
  if (!contentLoaded) return plugin;
  return {
    ...plugin,
    async contentLoaded(args) {
      const versions: DocLike[][] = args.content.loadedVersions.map((version) => version.docs);
      const addRoute: typeof args.actions.addRoute = (route) =>
        args.actions.addRoute(slimRoute(route as unknown as RouteLike, versions) as unknown as typeof route);
      return contentLoaded.call(plugin, { ...args, actions: { ...args.actions, addRoute } });
    },
  };
}
