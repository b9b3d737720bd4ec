/**
 * The Russian text of the changes block, the comparison pages and the overview: counts with the
 * right plural forms («1 раздел изменён», «2 раздела изменены», «5 разделов изменено»).
 */
import { MOVE_COUNTS, type Counts, type FactKind, type ParameterMove, type SectionChange } from './compare';
import { TEXT } from '../../src/shared/changes';

type Forms = readonly [one: string, few: string, many: string];

/** The plural form of a Russian count: 1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 25… → many. */
export function pluralForm(count: number, forms: Forms): string {
  const tens = count % 100;
  const units = count % 10;
  if (units === 1 && tens !== 11) return forms[0];
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return forms[1];
  return forms[2];
}

const SECTION: Forms = ['раздел', 'раздела', 'разделов'];
const PARAMETER: Forms = ['параметр', 'параметра', 'параметров'];
const ADDED: Forms = ['добавлен', 'добавлены', 'добавлено'];
const CHANGED: Forms = ['изменён', 'изменены', 'изменено'];
const REMOVED: Forms = ['удалён', 'удалены', 'удалено'];
const RENAMED: Forms = TEXT.sectionMoves.renamed.verb;
const MOVED: Forms = ['перенесён', 'перенесены', 'перенесено'];

function phrase(count: number, noun: Forms, verb: Forms): string {
  return `${count} ${pluralForm(count, noun)} ${pluralForm(count, verb)}`;
}

/** The one-line summary: «2 раздела изменены, 1 параметр добавлен». Empty when nothing changed. */
export function summaryLine(counts: Counts): string {
  const parts: string[] = [];
  if (counts.sectionsChanged) parts.push(phrase(counts.sectionsChanged, SECTION, CHANGED));
  if (counts.sectionsAdded) parts.push(phrase(counts.sectionsAdded, SECTION, ADDED));
  for (const [kind, key] of Object.entries(MOVE_COUNTS) as [keyof typeof MOVE_COUNTS, keyof Counts][]) {
    if (counts[key]) parts.push(phrase(counts[key], SECTION, TEXT.sectionMoves[kind].verb));
  }
  if (counts.sectionsRemoved) parts.push(phrase(counts.sectionsRemoved, SECTION, REMOVED));
  if (counts.paramsAdded) parts.push(phrase(counts.paramsAdded, PARAMETER, ADDED));
  if (counts.paramsChanged) parts.push(phrase(counts.paramsChanged, PARAMETER, CHANGED));
  if (counts.paramsRenamed) parts.push(phrase(counts.paramsRenamed, PARAMETER, RENAMED));
  if (counts.paramsMoved) parts.push(phrase(counts.paramsMoved, PARAMETER, MOVED));
  if (counts.paramsRemoved) parts.push(phrase(counts.paramsRemoved, PARAMETER, REMOVED));
  return parts.join(', ');
}

const FACT_NAMES: Record<FactKind, string> = {
  code: 'код в тексте',
  bold: 'названия в интерфейсе',
  link: 'ссылки',
  image: 'иллюстрации',
};

function names(keys: readonly string[]): string {
  return keys.map((key) => `«${key}»`).join(', ');
}

/** What changed in one section, for the list under the summary and the comparison page. */
export function sectionNote(section: SectionChange): string {
  if (section.status === 'added') return 'новый раздел';
  if (section.status === 'removed') return 'раздел удалён';
  if (section.status === 'wording') return 'изменена только формулировка';
  if (section.status === 'same') return 'без изменений';
  const { facts } = section;
  const notes: string[] = [];
  if (facts.moved) notes.push(`${TEXT.sectionMoves[facts.moved.kind].note}: ${names(facts.moved.from)} → ${names(facts.moved.to)}`);
  const params = (keys: readonly string[], verb: Forms) => {
    if (keys.length) notes.push(`${phrase(keys.length, PARAMETER, verb)}: ${names(keys)}`);
  };
  params(facts.paramsAdded, ADDED);
  params(facts.paramsChanged, CHANGED);
  const moves = (list: readonly ParameterMove[], verb: Forms) => {
    if (!list.length) return;
    const pairs = list.map((move) => `«${move.from}» → «${move.to}»`).join(', ');
    const pages = [...new Set(list.flatMap((move) => (move.page ? [move.page.title] : [])))];
    notes.push(`${phrase(list.length, PARAMETER, verb)}: ${pairs}${pages.length ? ` (${pages.length === 1 ? 'страница' : 'страницы'} ${names(pages)})` : ''}`);
  };
  moves(facts.paramsMoved.filter((move) => !move.page), RENAMED);
  moves(facts.paramsMoved.filter((move) => move.page), MOVED);
  params(facts.paramsRemoved, REMOVED);
  if (facts.rows) notes.push('изменена таблица');
  if (facts.code) {
    const keys: string[] = [];
    if (facts.codeKeysAdded.length) keys.push(`${pluralForm(facts.codeKeysAdded.length, ['добавлен ключ', 'добавлены ключи', 'добавлены ключи'])} ${names(facts.codeKeysAdded)}`);
    if (facts.codeKeysRemoved.length) keys.push(`${pluralForm(facts.codeKeysRemoved.length, ['удалён ключ', 'удалены ключи', 'удалены ключи'])} ${names(facts.codeKeysRemoved)}`);
    notes.push(keys.length ? `изменён пример кода: ${keys.join(', ')}` : 'изменён пример кода');
  }
  if (facts.meaning) notes.push('изменён смысл текста');
  if (facts.facts.length) notes.push(`изменены: ${facts.facts.map((kind) => FACT_NAMES[kind]).join(', ')}`);
  return notes.join('; ');
}

/** The title of a section in lists: the heading, or «Вводная часть» for the text before the first heading. */
export function sectionTitle(section: Pick<SectionChange, 'id' | 'title'>): string {
  return section.id === '' ? 'Вводная часть' : section.title;
}

/** The first line of the overview: how many pages changed, are new, were removed, stayed the same. */
export function overviewLead(counts: { changed: number; added: number; removed: number; same: number }): string {
  const count = (value: number, forms: Forms) => `${value} ${pluralForm(value, forms)}`;
  return (
    `В документации 9.0 по сравнению с 8.9: ${count(counts.changed, ['изменённая страница', 'изменённые страницы', 'изменённых страниц'])}, ` +
    `${count(counts.added, ['новая', 'новые', 'новых'])}, ${count(counts.removed, ['страница 8.9 удалена', 'страницы 8.9 удалены', 'страниц 8.9 удалено'])}. ` +
    `Ещё ${count(counts.same, ['страница', 'страницы', 'страниц'])} без изменений по сути: на таких страницах поправлены только формулировки или оформление.`
  );
}

export { TEXT };
