/**
 * The Markdown twin of a doc page (plugins/llms): the page's address without its closing slash, plus
 * `.md`. `/docs/guide/thresholds/` → `/docs/guide/thresholds.md`; a section index `/docs/guide/` →
 * `/docs/guide.md`. Shared by the build plugin that writes the twins and the page's «Markdown» link.
 */
export function twinPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const bare = path.replace(/\/index\.html$/, '').replace(/\/+$/, '');
  return `${bare || ''}.md`;
}
