/**
 * Replacement of `@docusaurus/theme-classic/lib/theme/prism-include-languages` (3.10.2): the original
 * loads the `additionalLanguages` grammars into Prism in the browser. Code is tokenized at build time
 * here (plugins/perf/rehype-code-tokens.ts, with the same languages), so the browser needs no grammar.
 * With the build-time tokens off (`DOCS_PRIVATE_OFF=code-tokens`, `__MONQ_CODE_TOKENS__` false) it
 * does what the original does, for the languages of src/shared/code/prism.ts (a unit test keeps the
 * two lists equal). The branch is a constant: the bundler leaves it, and the grammars, out of the
 * default build.
 */
export default function prismIncludeLanguages(prism: unknown): void {
  if (!__MONQ_CODE_TOKENS__) {
    // Prism's components register on the global Prism: mount the renderer's instance while they load.
    const global = globalThis as { Prism?: unknown };
    const before = global.Prism;
    global.Prism = prism;
    /* eslint-disable @typescript-eslint/no-require-imports */
    require('prismjs/components/prism-bash');
    require('prismjs/components/prism-csharp');
    require('prismjs/components/prism-ini');
    /* eslint-enable @typescript-eslint/no-require-imports */
    if (before === undefined) delete global.Prism;
    else global.Prism = before;
  }
}
