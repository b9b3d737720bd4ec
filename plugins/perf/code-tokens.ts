/**
 * Build-time tokenizing of code blocks with the Prism of prism-react-renderer (the grammars it bundles
 * plus `ADDITIONAL_LANGUAGES` of config/prism.ts), exactly as its `Highlight` would do in the browser.
 */
import { createRequire } from 'node:module';
import { Prism, normalizeTokens } from 'prism-react-renderer';
import { ADDITIONAL_LANGUAGES } from '../../src/shared/code/prism';
import { encodeTokens, type CodeToken, type EncodedCode } from '../../src/shared/code/tokens';

const require = createRequire(import.meta.url);

/** The grammars prism-react-renderer bundles, before ours are added. */
export const BUNDLED_LANGUAGES: readonly string[] = Object.keys(Prism.languages).filter(
  (name) => typeof (Prism.languages as Record<string, unknown>)[name] === 'object',
);

let extended = false;
/** Registers the additional grammars into prism-react-renderer's Prism (the theme does the same in the browser). */
function prism(): typeof Prism {
  if (!extended) {
    const scope = globalThis as { Prism?: unknown };
    const before = scope.Prism;
    scope.Prism = Prism;
    try {
      for (const language of ADDITIONAL_LANGUAGES) require(`prismjs/components/prism-${language}`);
    } finally {
      if (before === undefined) delete scope.Prism;
      else scope.Prism = before;
    }
    extended = true;
  }
  return Prism;
}

/** Whether a language has a grammar (otherwise its code shows as plain text, as in the browser). */
export function hasGrammar(language: string): boolean {
  return Boolean(prism().languages[language.toLowerCase()]);
}

/** The token lines prism-react-renderer's `Highlight` renders for this code. */
export function tokenize(code: string, language: string): CodeToken[][] {
  const lang = language.toLowerCase();
  const p = prism();
  const grammar = p.languages[lang];
  if (!grammar) return normalizeTokens([code]) as CodeToken[][];
  const env = { code, grammar, language: lang, tokens: [] as unknown[] };
  p.hooks.run('before-tokenize', env);
  env.tokens = p.tokenize(code, grammar);
  p.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens as Parameters<typeof normalizeTokens>[0]) as CodeToken[][];
}

/** The runs of a code block (see src/shared/code/tokens.ts). */
export function encodeCode(code: string, language: string): EncodedCode {
  return encodeTokens(code, tokenize(code, language));
}

/** Directives of the theme's default magic comments (`// highlight-next-line` and the block pair). */
const MAGIC_LINE = /^\s*(?:\/\/|#|--|%|;|\/\*|<!--|\{\/\*)\s*(?:highlight-next-line|highlight-start|highlight-end)\b.*$/;

/**
 * The code a code block hands to `Highlight`: the theme drops the last line break, and the lines of
 * magic comments. Both variants are returned when the code has directives, so the registry holds the
 * one the theme produces whatever it decides about a directive's comment style.
 */
export function highlightedVariants(text: string): string[] {
  const code = text.replace(/\r?\n$/, '');
  const lines = code.split(/\r?\n/);
  const kept = lines.filter((line) => !MAGIC_LINE.test(line));
  return kept.length === lines.length ? [code] : [code, kept.join('\n')];
}
