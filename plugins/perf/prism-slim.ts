/**
 * A slim `prism-react-renderer` for the browser bundle (aliased by plugins/perf): the same
 * `Highlight` component and `Prism` export, but Prism carries only the grammars the content uses
 * (`SLIM_LANGUAGES`, loaded below; `additionalLanguages` of config/prism.ts are added by the theme as
 * usual) instead of the ~20 grammars and 20 themes of the stock bundle.
 *
 * The rendering code follows prism-react-renderer 2.4.1 (src/components/*.ts, src/utils/*.ts),
 * so the server and the browser produce the same markup.
 */
import './prism-global';
import Prism from 'prismjs/components/prism-core';
import './prism-expose';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-js-extras';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-yaml';
import 'prismjs/components/prism-sql';
import { createElement, useCallback, useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import clsx from 'clsx';
import type { PrismTheme } from 'prism-react-renderer';

/** Grammars bundled here; keep in step with the imports above (tests/unit/quality-prism.test.ts). */
export const SLIM_LANGUAGES = ['clike', 'javascript', 'js', 'json', 'webmanifest', 'yaml', 'yml', 'sql'];

interface Token {
  types: string[];
  content: string;
  empty?: boolean;
}
type PrismToken = string | { type: string; alias?: string | string[]; content: PrismToken[] | PrismToken | string };
type ThemeDict = Record<string, CSSProperties>;

const newlineRe = /\r\n|\r|\n/;

function normalizeEmptyLines(line: Token[]): void {
  if (line.length === 0) {
    line.push({ types: ['plain'], content: '\n', empty: true });
  } else if (line.length === 1 && line[0]?.content === '') {
    (line[0] as Token).content = '\n';
    (line[0] as Token).empty = true;
  }
}

function appendTypes(types: string[], add: string | string[]): string[] {
  const size = types.length;
  if (size > 0 && types[size - 1] === add) return types;
  return types.concat(add);
}

/** Prism's nested token tree as lines of flat tokens (prism-react-renderer's normalizeTokens). */
export function normalizeTokens(tokens: PrismToken[]): Token[][] {
  const typeArrStack: string[][] = [[]];
  const tokenArrStack: PrismToken[][] = [tokens];
  const tokenArrIndexStack = [0];
  const tokenArrSizeStack = [tokens.length];
  let stackIndex = 0;
  let currentLine: Token[] = [];
  const acc = [currentLine];
  while (stackIndex > -1) {
    let i: number;
    while ((i = (tokenArrIndexStack[stackIndex] as number)++) < (tokenArrSizeStack[stackIndex] as number)) {
      let content: PrismToken[] | PrismToken | string;
      let types = typeArrStack[stackIndex] as string[];
      const token = (tokenArrStack[stackIndex] as PrismToken[])[i] as PrismToken;
      if (typeof token === 'string') {
        types = stackIndex > 0 ? types : ['plain'];
        content = token;
      } else {
        types = appendTypes(types, token.type);
        if (token.alias) types = appendTypes(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        const nested = Array.isArray(content) ? content : [content];
        stackIndex += 1;
        typeArrStack.push(types);
        tokenArrStack.push(nested);
        tokenArrIndexStack.push(0);
        tokenArrSizeStack.push(nested.length);
        continue;
      }
      const parts = content.split(newlineRe);
      currentLine.push({ types, content: parts[0] ?? '' });
      for (let j = 1; j < parts.length; j += 1) {
        normalizeEmptyLines(currentLine);
        acc.push((currentLine = []));
        currentLine.push({ types, content: parts[j] ?? '' });
      }
    }
    stackIndex -= 1;
    typeArrStack.pop();
    tokenArrStack.pop();
    tokenArrIndexStack.pop();
    tokenArrSizeStack.pop();
  }
  normalizeEmptyLines(currentLine);
  return acc;
}

function themeToDict(theme: PrismTheme, language: string): ThemeDict {
  const dict: ThemeDict = {};
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language as never)) continue;
    for (const type of entry.types) dict[type] = { ...dict[type], ...(entry.style as CSSProperties) };
  }
  dict.root = theme.plain as CSSProperties;
  dict.plain = { ...(theme.plain as CSSProperties), backgroundColor: undefined };
  return dict;
}

interface LineProps {
  line: Token[];
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}
interface TokenProps {
  token: Token;
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}

export interface HighlightProps {
  code: string;
  language: string;
  theme?: PrismTheme;
  prism?: typeof Prism;
  children: (props: {
    tokens: Token[][];
    className: string;
    style: CSSProperties;
    getLineProps: (input: LineProps) => Record<string, unknown>;
    getTokenProps: (input: TokenProps) => Record<string, unknown>;
  }) => ReactNode;
}

function HighlightInner({ children, language: rawLanguage, code, theme, prism }: Required<HighlightProps>): ReactNode {
  const language = rawLanguage.toLowerCase();
  const dict = themeToDict(theme, language);
  const getLineProps = useCallback(
    ({ className, style, line: _line, ...rest }: LineProps) => {
      const output: Record<string, unknown> = { ...rest, className: clsx('token-line', className) };
      output.style = dict.plain;
      if (typeof style === 'object') output.style = { ...(output.style as CSSProperties), ...style };
      return output;
    },
    [dict],
  );
  const styleForToken = useCallback(
    ({ types, empty }: Token): CSSProperties | undefined => {
      if (types.length === 1 && types[0] === 'plain') return empty != null ? { display: 'inline-block' } : undefined;
      if (types.length === 1 && empty != null) return dict[types[0] as string];
      return Object.assign(empty != null ? { display: 'inline-block' } : {}, ...types.map((type) => dict[type]));
    },
    [dict],
  );
  const getTokenProps = useCallback(
    ({ token, className, style, ...rest }: TokenProps) => {
      const output: Record<string, unknown> = {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: styleForToken(token),
      };
      if (style != null) output.style = { ...(output.style as CSSProperties), ...style };
      return output;
    },
    [styleForToken],
  );
  const grammar = prism.languages[language];
  const tokens = useMemo(() => {
    if (grammar == null) return normalizeTokens([code]);
    const env = { code, grammar, language, tokens: [] as unknown[] };
    prism.hooks.run('before-tokenize', env);
    env.tokens = prism.tokenize(code, grammar);
    prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens as PrismToken[]);
  }, [code, grammar, language, prism]);
  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: dict.root ?? {},
    getLineProps,
    getTokenProps,
  });
}

const EMPTY_THEME: PrismTheme = { plain: {}, styles: [] };

export function Highlight(props: HighlightProps): ReactElement {
  return createElement(HighlightInner, {
    ...props,
    prism: props.prism ?? Prism,
    theme: props.theme ?? EMPTY_THEME,
  });
}

/** The stock themes are not bundled: the site's themes come from config/prism.ts. */
export const themes: Record<string, PrismTheme> = {};

export { Prism };
