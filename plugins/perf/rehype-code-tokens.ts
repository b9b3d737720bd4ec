/**
 * Rehype plugin of the content plugins (docs, upgrade notes, pages): tokenizes every fenced code block
 * of a page at build time and adds to the page module
 *
 *     import { registerCodeTokens } from '@site/src/shared/code/tokens';
 *     export const __monqCodeTokens = registerCodeTokens(JSON.parse("…"));
 *
 * so that the page's code is highlighted in the browser without Prism (src/lib/code/highlight.tsx).
 */
import { codeKey, type CodeEntry } from '../../src/shared/code/tokens';
import { encodeCode, highlightedVariants } from './code-tokens';
import { rawText, type HastNode } from '../lib/hast';

/** The language a code block gets when its fence names none (the theme's rule without `defaultLanguage`). */
export const FALLBACK_LANGUAGE = 'text';
/** The module a page imports `registerCodeTokens` from (src/shared/code/tokens.ts). */
export const CODE_TOKENS_IMPORT = '@site/src/shared/code/tokens';
export const EXPORT_NAME = '__monqCodeTokens';

/** The language of a `code` element from its `language-…` class, lower case as the theme does. */
export function languageOf(code: HastNode): string {
  const raw = code.properties?.className;
  const classes = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(' ') : [];
  const found = classes.find((name) => name.startsWith('language-'));
  return (found ? found.slice('language-'.length) : FALLBACK_LANGUAGE).toLowerCase();
}

/** Every `pre > code` block of the tree, with its language and the code `Highlight` will receive. */
export function codeEntries(tree: HastNode): CodeEntry[] {
  const entries = new Map<string, CodeEntry>();
  const walk = (node: HastNode): void => {
    for (const child of node.children ?? []) {
      if (node.type === 'element' && node.tagName === 'pre' && child.type === 'element' && child.tagName === 'code') {
        const language = languageOf(child);
        for (const code of highlightedVariants(rawText(child))) {
          const key = codeKey(language, code);
          if (!entries.has(key)) entries.set(key, [key, encodeCode(code, language)]);
        }
      }
      walk(child);
    }
  };
  walk(tree);
  return Array.from(entries.values());
}

const identifier = (name: string) => ({ type: 'Identifier', name });

/** The ESM node (MDX `mdxjsEsm`, with its estree) that registers `entries` when the page module loads. */
export function registrationNode(entries: readonly CodeEntry[]): HastNode {
  const json = JSON.stringify(entries);
  const value =
    `import {registerCodeTokens} from '${CODE_TOKENS_IMPORT}';\n` +
    `export const ${EXPORT_NAME} = registerCodeTokens(JSON.parse(${JSON.stringify(json)}));`;
  const program = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ImportDeclaration',
        specifiers: [{ type: 'ImportSpecifier', imported: identifier('registerCodeTokens'), local: identifier('registerCodeTokens') }],
        source: { type: 'Literal', value: CODE_TOKENS_IMPORT, raw: JSON.stringify(CODE_TOKENS_IMPORT) },
        attributes: [],
      },
      {
        type: 'ExportNamedDeclaration',
        declaration: {
          type: 'VariableDeclaration',
          kind: 'const',
          declarations: [
            {
              type: 'VariableDeclarator',
              id: identifier(EXPORT_NAME),
              init: {
                type: 'CallExpression',
                optional: false,
                callee: identifier('registerCodeTokens'),
                arguments: [
                  {
                    type: 'CallExpression',
                    optional: false,
                    callee: {
                      type: 'MemberExpression',
                      object: identifier('JSON'),
                      property: identifier('parse'),
                      computed: false,
                      optional: false,
                    },
                    arguments: [{ type: 'Literal', value: json, raw: JSON.stringify(json) }],
                  },
                ],
              },
            },
          ],
        },
        specifiers: [],
        source: null,
        attributes: [],
      },
    ],
  };
  return { type: 'mdxjsEsm', value, data: { estree: program } };
}

/** The plugin: a page without code blocks is left as it is. */
export default function rehypeCodeTokens() {
  return (tree: HastNode): void => {
    const entries = codeEntries(tree);
    if (entries.length === 0) return;
    (tree.children ??= []).unshift(registrationNode(entries));
  };
}
