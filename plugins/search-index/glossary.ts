/**
 * Abbreviations of the product's central terms, read from the glossary's source at build time: a term
 * whose initials (each word, and each part of a hyphenated word) make a word of two to four capitals
 * that the glossary itself uses («Конфигурационная единица» → «КЕ», «Рабочая группа» → «РГ»), and whose
 * entry links the guide that explains it («Подробнее: [Рабочие группы](/docs/guide/workgroups)»).
 * A query made of the abbreviation ranks that guide above the reference pages that only mention it.
 */

export interface GlossaryAbbreviation {
  /** The abbreviation as the glossary writes it: `КЕ`. */
  abbreviation: string;
  /** The glossary term it stands for. */
  term: string;
  /** The docs page the entry sends the reader to, from the site root: `/docs/guide/service-model-cmdb`. */
  path: string;
}

const ENTRY_RE = /^###\s+(.+?)\s*\{#[\w-]+\}\s*$/;
const MORE_RE = /Подробнее:?\s*\[[^\]]+\]\((\/docs\/[^)#\s]+)/;

export function glossaryAbbreviations(source: string): GlossaryAbbreviation[] {
  const lines = source.split('\n');
  const out: GlossaryAbbreviation[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const term = ENTRY_RE.exec(line)?.[1];
    if (!term) return;
    const next = lines.slice(index + 1).findIndex((later) => /^#{2,3}\s/.test(later));
    const body = lines.slice(index + 1, next < 0 ? undefined : index + 1 + next).join('\n');
    const path = MORE_RE.exec(body)?.[1];
    const initials = term
      .split(/[\s-]+/)
      .filter((word) => /^\p{L}/u.test(word))
      .map((word) => word[0]!.toUpperCase())
      .join('');
    if (!path || initials.length < 2 || initials.length > 4 || seen.has(initials)) return;
    if (!new RegExp(`(?<![\\p{L}\\p{N}])${initials}(?![\\p{L}\\p{N}])`, 'u').test(source)) return;
    seen.add(initials);
    out.push({abbreviation: initials, term, path: path.replace(/\/$/, '')});
  });
  return out;
}
