/**
 * What a search hit says: its title and the headings above it. One rule for the search page
 * (src/theme/SearchPage), the offline answer screen's sources (src/search/ModalPanels.tsx) and the
 * inline boot's search shell (src/lib/hydration/boot.ts).
 *
 * A hit is titled by its own heading; a paragraph, by the heading it sits under. Above the title
 * stand the section (`lvl0`, the sidebar category) and the page's headings down to the title's.
 */

export const HIT_LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type HitLevel = (typeof HIT_LEVELS)[number];

export interface HitHierarchy {
  lvl0?: string | null;
  lvl1?: string | null;
  lvl2?: string | null;
  lvl3?: string | null;
  lvl4?: string | null;
  lvl5?: string | null;
  lvl6?: string | null;
}

export interface TextHit {
  /** `lvl1`…`lvl6` for a heading, `content` for a paragraph. */
  type?: string;
  hierarchy: HitHierarchy;
}

/** The level whose heading titles the hit. */
export function hitLevel(hit: TextHit): HitLevel {
  const own = HIT_LEVELS.find((level) => level === hit.type);
  if (own) return own;
  return HIT_LEVELS.filter((level) => hit.hierarchy[level]).pop() ?? 'lvl1';
}

/** The hit's title and the headings above it: `section` adds the `lvl0` category first. */
export function hitHeadings(hit: TextHit, { section = true } = {}): { level: HitLevel; title: string; path: string[] } {
  const level = hitLevel(hit);
  const above = HIT_LEVELS.slice(0, HIT_LEVELS.indexOf(level)).map((name) => hit.hierarchy[name]);
  const path = (section ? [hit.hierarchy.lvl0, ...above] : above).filter((text): text is string => Boolean(text));
  return { level, title: hit.hierarchy[level] ?? '', path };
}

/** The page and heading of a hit in one line, for a link: «Пороги › Настройка порога». */
export function hitTrail(hit: TextHit): string {
  const { title, path } = hitHeadings(hit, { section: false });
  return [...path, title].filter(Boolean).join(' › ');
}
