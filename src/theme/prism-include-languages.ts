/**
 * Replacement of `@docusaurus/theme-classic/lib/theme/prism-include-languages` (3.10.2): the original
 * loads the `additionalLanguages` grammars into Prism in the browser. Code is tokenized at build time
 * here (plugins/perf/rehype-code-tokens.ts, with the same languages), so the browser needs no grammar.
 * With the build-time tokens off (`DOCS_PRIVATE_OFF=code-tokens`, `__MONQ_CODE_TOKENS__` false) it
 * does what the original does, for the languages of src/shared/code/prism.ts.
 */
import { ADDITIONAL_LANGUAGES } from '@site/src/shared/code/prism';

export default function prismIncludeLanguages(prism: unknown): void {
  if (__MONQ_CODE_TOKENS__) return;
  // Prism's components register on the global Prism: mount the renderer's instance for as long as they load.
  const global = globalThis as { Prism?: unknown };
  const before = global.Prism;
  global.Prism = prism;
  for (const language of ADDITIONAL_LANGUAGES) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(`prismjs/components/prism-${language}`);
  }
  if (before === undefined) delete global.Prism;
  else global.Prism = before;
}
