/**
 * Replacement of `@docusaurus/theme-classic/lib/theme/prism-include-languages` (3.10.2): the original
 * loads the `additionalLanguages` grammars into Prism in the browser. Code is tokenized at build time
 * here (plugins/perf/rehype-code-tokens.ts, with the same languages), so the browser needs no grammar.
 */
export default function prismIncludeLanguages(): void {
  // Nothing to load: the tokens of every code block come with its page.
}
