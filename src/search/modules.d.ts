// DocSearch's stylesheet entry point ships without types (the theme declares it the same way).
declare module '@docsearch/react/style';

// The search UI's part of the code translations (plugins/perf/translations-loader.cjs).
declare module '@generated/codeTranslations.json?search' {
  const searchTranslations: Record<string, string>;
  export default searchTranslations;
}
