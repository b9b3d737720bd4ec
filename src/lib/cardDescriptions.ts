import { createContext, useContext } from 'react';
import type { PropSidebarItem } from '@docusaurus/plugin-content-docs';

/**
 * Descriptions of the docs below an index page (doc address → description), the route prop that
 * plugins/docs-slim gives index pages instead of keeping every description in the version chunk.
 */
export type CardDescriptions = Readonly<Record<string, string>>;

export const CardDescriptionsContext = createContext<CardDescriptions>({});

/** The description a card shows: its own, else the one the index page carries for its address. */
export function cardDescription(item: PropSidebarItem, descriptions: CardDescriptions): string | undefined {
  if (item.type !== 'link') return item.type === 'category' ? item.description : undefined;
  if (item.description) return item.description;
  const href = item.href.endsWith('/') ? item.href : `${item.href}/`;
  return descriptions[item.href] ?? descriptions[href] ?? descriptions[item.href.replace(/\/$/, '')];
}

export function useCardDescriptions(): CardDescriptions {
  return useContext(CardDescriptionsContext);
}

/**
 * The item the theme's card renders: a link gets the description it shows and no `docId`. The theme's
 * card looks a doc up by id in the version's `docs` map, which plugins/docs-slim empties: without an id
 * it looks nothing up.
 */
export function cardItem(item: PropSidebarItem, descriptions: CardDescriptions): PropSidebarItem {
  if (item.type !== 'link') return item;
  const description = cardDescription(item, descriptions);
  return { ...item, docId: undefined, ...(description ? { description } : {}) };
}
