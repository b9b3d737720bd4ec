/**
 * The texts of `llms.txt` (llmstxt.org) and of each `llms-full.txt`, from the docs in sidebar order.
 * Pure functions: plugins/llms/index.ts gathers the docs and writes the files.
 */
import { twinPath } from '../../src/shared/markdownTwin';

export interface LlmsDoc {
  title: string;
  description: string;
  /** Route of the page, e.g. `/docs/guide/thresholds/`. */
  permalink: string;
}

export interface LlmsSection {
  /** H2 of the section in llms.txt, e.g. `Monq 9.0 — Руководство пользователя`. */
  title: string;
  docs: LlmsDoc[];
}

/** One docs version (or the upgrade notes): its sections and its full-text file. */
export interface LlmsBook {
  /** e.g. `Monq 9.0`. */
  label: string;
  /** Path of its full text on the site, e.g. `/llms-full.txt` or `/docs/8.9/llms-full.txt`. */
  fullFile: string;
  /** One line on what the book is, for the «Optional» list of llms.txt and the head of its full text. */
  about: string;
  sections: LlmsSection[];
}

export interface LlmsIndex {
  title: string;
  summary: string;
  /** Paragraphs between the summary and the first section (plain Markdown). */
  details: string[];
  books: LlmsBook[];
}

/** `https://docs.monq.ru` + `/docs/x/` → `https://docs.monq.ru/docs/x/`. */
export function siteAddress(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** One line of text: a description in a list item must not break the list. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Link text: brackets escaped. */
function linkText(value: string): string {
  return oneLine(value).replace(/[[\]\\]/g, '\\$&');
}

export function llmsTxt(index: LlmsIndex, siteUrl: string): string {
  const lines = [`# ${index.title}`, '', `> ${oneLine(index.summary)}`, ''];
  for (const paragraph of index.details) lines.push(paragraph, '');
  for (const book of index.books) {
    for (const section of book.sections) {
      if (section.docs.length === 0) continue;
      lines.push(`## ${oneLine(section.title)}`, '');
      for (const doc of section.docs) {
        const description = oneLine(doc.description);
        const link = `[${linkText(doc.title)}](${siteAddress(siteUrl, twinPath(doc.permalink))})`;
        lines.push(`- ${link}${description ? `: ${description}` : ''}`);
      }
      lines.push('');
    }
  }
  lines.push('## Optional', '');
  for (const book of index.books) {
    lines.push(`- [${linkText(`${book.label}: полный текст`)}](${siteAddress(siteUrl, book.fullFile)}): ${oneLine(book.about)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The book's pages one after another, each its twin with the page's address under its title. Pages
 * are told apart by their H1 and a thematic break.
 */
export function llmsFullTxt(book: LlmsBook, pages: ReadonlyArray<{ doc: LlmsDoc; markdown: string }>, siteUrl: string): string {
  const head = `# ${book.label}: полный текст\n\n> ${oneLine(book.about)}\n`;
  const bodies = pages.map(({ doc, markdown }) => {
    const address = `Адрес страницы: ${siteAddress(siteUrl, doc.permalink)}`;
    const [first = '', ...rest] = markdown.trimEnd().split('\n');
    const lines = first.startsWith('# ') ? [first, '', address, ...rest] : [`# ${doc.title}`, '', address, '', first, ...rest];
    return `${lines.join('\n')}\n`;
  });
  // Every part ends with a newline: the break always follows a blank line (never a setext underline).
  return [head, ...bodies].join('\n---\n\n');
}
