/**
 * Abbreviations of the product's central terms, read from the glossary (plugins/content/glossary.ts):
 * a term whose initials (each word, and each part of a hyphenated word) make a word of two to four
 * capitals that the glossary itself uses («Конфигурационная единица» → «КЕ», «Рабочая группа» → «РГ»),
 * and whose entry links the guide that explains it («Подробнее: [Рабочие группы](/docs/guide/workgroups)»).
 * A query made of the abbreviation ranks that guide above the reference pages that only mention it.
 */
import {parseGlossary} from '../content/glossary';

export interface GlossaryAbbreviation {
  /** The abbreviation as the glossary writes it: `КЕ`. */
  abbreviation: string;
  /** The glossary term it stands for. */
  term: string;
  /** The docs page the entry sends the reader to, from the site root: `/docs/guide/service-model-cmdb`. */
  path: string;
}

const MORE_RE = /Подробнее:?\s*\[[^\]]+\]\((\/docs\/[^)#\s]+)/;

export function glossaryAbbreviations(source: string): GlossaryAbbreviation[] {
  const out: GlossaryAbbreviation[] = [];
  const seen = new Set<string>();
  for (const {term, body} of parseGlossary(source).terms.values()) {
    const path = MORE_RE.exec(body)?.[1];
    const initials = term
      .split(/[\s-]+/)
      .filter((word) => /^\p{L}/u.test(word))
      .map((word) => word[0]!.toUpperCase())
      .join('');
    if (!path || initials.length < 2 || initials.length > 4 || seen.has(initials)) continue;
    if (!new RegExp(`(?<![\\p{L}\\p{N}])${initials}(?![\\p{L}\\p{N}])`, 'u').test(source)) continue;
    seen.add(initials);
    out.push({abbreviation: initials, term, path: path.replace(/\/$/, '')});
  }
  return out;
}
