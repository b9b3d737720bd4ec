/**
 * What a Markdown parser of unified is made of, as one string: the syntax extensions of micromark
 * (each construct by name, per hook and character code), the mdast extensions of
 * mdast-util-from-markdown (handlers by node type) and the parser settings.
 *
 * plugins/perf/mdx-parse-worker.mjs parses pages ahead of the MDX loader; a tree parsed there is used
 * only when the loader's own parser has the same fingerprint, so a page is never read with a syntax
 * the loader would not apply. Plain CommonJS without dependencies: the worker imports it as it is, the
 * build requires it from plugins/perf/mdx-parse.ts.
 */
'use strict';

/** @param {unknown} construct */
function constructName(construct) {
  if (!construct || typeof construct !== 'object') return String(construct);
  const named = /** @type {{ name?: unknown, tokenize?: { name?: unknown } }} */ (construct);
  const own = typeof named.name === 'string' ? named.name : '';
  const tokenize = named.tokenize && typeof named.tokenize.name === 'string' ? named.tokenize.name : '';
  return own || tokenize ? `${own}/${tokenize}` : '?';
}

/** @param {unknown} value */
function flat(value) {
  return Array.isArray(value) ? value.flatMap(flat) : value === undefined || value === null ? [] : [value];
}

/**
 * @param {unknown} syntax     `processor.data('micromarkExtensions')`
 * @param {unknown} mdast      `processor.data('fromMarkdownExtensions')`
 * @param {unknown} settings   `processor.data('settings')`
 * @returns {string}
 */
function parserFingerprint(syntax, mdast, settings) {
  const syntaxParts = flat(syntax).map((extension) =>
    Object.keys(extension)
      .sort()
      .map((hook) => {
        const table = extension[hook];
        if (!table || typeof table !== 'object' || Array.isArray(table)) return `${hook}=${JSON.stringify(table ?? null)}`;
        const codes = Object.keys(table)
          .sort()
          .map((code) => `${code}:${flat(table[code]).map(constructName).join('+')}`);
        return `${hook}{${codes.join(',')}}`;
      })
      .join(';'),
  );
  const mdastParts = flat(mdast).map((extension) =>
    Object.keys(extension)
      .sort()
      .map((key) => {
        const value = extension[key];
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          return `${key}{${Object.keys(value).sort().join(',')}}`;
        }
        return `${key}[${flat(value).map((item) => (typeof item === 'function' ? item.name : JSON.stringify(item))).join(',')}]`;
      })
      .join(';'),
  );
  return JSON.stringify({ syntax: syntaxParts, mdast: mdastParts, settings: settings ?? null });
}

module.exports = { parserFingerprint };
