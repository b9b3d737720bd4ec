/**
 * The contextual filters of the search dialog and the search page, from Docusaurus's docs hooks:
 * the rule itself is src/shared/search/contextual.ts, which the inline boot's search shell follows too.
 */
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  useActivePluginAndVersion,
  useAllDocsData,
  useDocsPreferredVersionByPluginId,
} from '@docusaurus/plugin-content-docs/client';
import {contextualFacetFilters, contextualTags, type PluginVersions} from '../shared/search/contextual';

export function useContextualFilters(): [string, string[]] {
  const {i18n} = useDocusaurusContext();
  const allDocs = useAllDocsData();
  const active = useActivePluginAndVersion();
  const preferred = useDocsPreferredVersionByPluginId();
  const plugins = Object.entries(allDocs).map(
    ([pluginId, data]): PluginVersions => ({
      pluginId,
      active: active?.activePlugin.pluginId === pluginId ? active.activeVersion?.name : null,
      preferred: preferred[pluginId]?.name,
      latest: (data.versions.find((version) => version.isLast) ?? data.versions[0])!.name,
    }),
  );
  return contextualFacetFilters(i18n.currentLocale, contextualTags(plugins));
}
