/** Docs plugin instances that are not versioned: the version dropdown hides itself on their pages. */
export const UNVERSIONED_DOCS_PLUGINS: readonly string[] = ['upgrade'];

export function isVersionDropdownHidden(activePluginId: string | undefined): boolean {
  return activePluginId !== undefined && UNVERSIONED_DOCS_PLUGINS.includes(activePluginId);
}
