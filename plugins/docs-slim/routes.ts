/**
 * Route rewriting of the docs plugin wrapper (plugins/docs-slim/index.ts), pure and tested.
 *
 * Docusaurus puts a `docs` map (id, title, description, sidebar of every doc) into the version chunk that
 * every page of the version loads. Its only reader in the browser is `useDocById`, and the only caller of
 * that is the theme's doc card, which src/theme/DocCard wraps: the wrapper hands it the item without a
 * doc id (so it looks nothing up) and with the description the index page carries; the title comes
 * from the sidebar item. So the map leaves the version chunk (an empty one stays, the shape the hook
 * expects), and each index page gets, as a route prop, the descriptions of the docs below it. A unit
 * test fails if installed code calls `useDocById` anywhere else.
 */

export interface RouteLike {
  path: string;
  routes?: RouteLike[];
  props?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface DocLike {
  id: string;
  permalink: string;
  description?: string;
}

/** Route prop of an index page: doc address → its description. */
export const CARD_DESCRIPTIONS_PROP = 'cardDescriptions';

/** A doc whose page is the index of its folder (the page that lists the docs below it). */
export function isIndexDoc(doc: DocLike): boolean {
  return doc.id === 'index' || doc.id.endsWith('/index');
}

/**
 * Descriptions of the docs an index page shows as doc cards, by address: the docs right below it. A
 * sub-folder is a category card, which shows its own description or its item count instead.
 */
export function descriptionsBelow(index: DocLike, docs: readonly DocLike[]): Record<string, string> {
  const base = index.permalink.endsWith('/') ? index.permalink : `${index.permalink}/`;
  const below: Record<string, string> = {};
  for (const doc of docs) {
    if (!doc.permalink.startsWith(base) || !doc.description || isIndexDoc(doc)) continue;
    const rest = doc.permalink.slice(base.length).replace(/\/$/, '');
    if (rest === '' || rest.includes('/')) continue;
    below[doc.permalink] = doc.description;
  }
  return below;
}

/**
 * The route tree without the version's `docs` map, and with descriptions in the index pages.
 * `versions`: the docs of each version of the instance (an index lists only docs of its own version).
 */
export function slimRoute(route: RouteLike, versions: readonly (readonly DocLike[])[]): RouteLike {
  let props = route.props;
  const version = props?.version as { docs?: Record<string, Record<string, unknown>> } | undefined;
  if (version?.docs) props = { ...props, version: { ...version, docs: {} } };
  const docs = versions.find((version) => version.some((doc) => doc.permalink === route.path));
  const index = docs?.find((doc) => doc.permalink === route.path && isIndexDoc(doc));
  if (docs && index && !route.routes) {
    const below = descriptionsBelow(index, docs);
    if (Object.keys(below).length > 0) props = { ...props, [CARD_DESCRIPTIONS_PROP]: below };
  }
  return {
    ...route,
    ...(props ? { props } : {}),
    ...(route.routes ? { routes: route.routes.map((child) => slimRoute(child, versions)) } : {}),
  };
}
