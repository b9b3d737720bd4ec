/**
 * `prism-react-renderer` as the bundles see it (aliased by plugins/perf): the same `Highlight`
 * component, but the tokens of a code block come from the build (plugins/perf/rehype-code-tokens.ts
 * registers them with the page module, src/shared/code/tokens.ts keeps them) instead of Prism running in
 * the browser. Server and browser render from the same tokens, so hydration matches.
 *
 * The rendering code follows prism-react-renderer 2.4.1 (src/components/*.ts, src/utils/*.ts), with
 * one difference: the colours are CSS variables (src/shared/code/themeVariables.ts), defined per colour
 * mode by a stylesheet in every page (plugins/perf/code-theme.ts). The markup is the same in both
 * modes, so the server renders it right for a dark page too and hydration does not rewrite it.
 */
import { createElement, useCallback, useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import clsx from 'clsx';
import type { PrismTheme } from 'prism-react-renderer';
import { darkCodeTheme, lightCodeTheme } from '../../shared/code/prism';
import { lookupCodeTokens, plainTokens, type CodeToken as Token } from '../../shared/code/tokens';
import { themeStyles, type StyleDict } from '../../shared/code/themeVariables';

/**
 * The dictionary of both colour modes: prism-react-renderer's keys and properties (types merged in
 * order, `root`, `plain`), every value a `var(--monq-code-…)`.
 */
const dict: StyleDict = themeStyles(lightCodeTheme, darkCodeTheme);

/**
 * The tokens of a code block. A block that no page registered is an error while the site is built
 * (the server renders every page), and plain text in the browser.
 */
export function tokensFor(language: string, code: string): Token[][] {
  const tokens = lookupCodeTokens(language, code);
  if (tokens) return tokens;
  if (typeof window === 'undefined') {
    throw new Error(
      `Code block without build-time tokens (language "${language}", ${code.length} characters): ` +
        `is plugins/perf/rehype-code-tokens.ts in the rehypePlugins of the content plugin that renders it?\n${code.slice(0, 200)}`,
    );
  }
  return plainTokens(code);
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
  /**
   * Accepted for compatibility: Docusaurus passes the theme of the colour mode it renders in. Its
   * values are not used (the colours come from config/prism.ts through CSS variables), so that the
   * server's markup fits either mode.
   */
  theme?: PrismTheme;
  /** Accepted for compatibility with prism-react-renderer; tokens come from the build. */
  prism?: unknown;
  children: (props: {
    tokens: Token[][];
    className: string;
    style: CSSProperties;
    getLineProps: (input: LineProps) => Record<string, unknown>;
    getTokenProps: (input: TokenProps) => Record<string, unknown>;
  }) => ReactNode;
}

function HighlightInner({ children, language: rawLanguage, code }: Omit<HighlightProps, 'prism' | 'theme'>): ReactNode {
  const language = rawLanguage.toLowerCase();
  const getLineProps = useCallback(
    ({ className, style, line: _line, ...rest }: LineProps) => {
      const output: Record<string, unknown> = { ...rest, className: clsx('token-line', className) };
      output.style = dict.plain;
      if (typeof style === 'object') output.style = { ...(output.style as CSSProperties), ...style };
      return output;
    },
    [],
  );
  const styleForToken = useCallback(
    ({ types, empty }: Token): CSSProperties | undefined => {
      if (types.length === 1 && types[0] === 'plain') return empty != null ? { display: 'inline-block' } : undefined;
      if (types.length === 1 && empty != null) return dict[types[0] as string];
      return Object.assign(empty != null ? { display: 'inline-block' } : {}, ...types.map((type) => dict[type]));
    },
    [],
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
  const tokens = useMemo(() => tokensFor(language, code), [code, language]);
  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: dict.root ?? {},
    getLineProps,
    getTokenProps,
  });
}

export function Highlight(props: HighlightProps): ReactElement {
  const { prism: _prism, theme: _theme, ...rest } = props;
  return createElement(HighlightInner, rest);
}

/** The stock themes are not bundled: the site's themes come from config/prism.ts. */
export const themes: Record<string, PrismTheme> = {};

/**
 * No grammar runs in the browser: the theme's `prism-include-languages` is replaced by a no-op
 * (src/theme/prism-include-languages.ts), and this stands in for the `Prism` export.
 */
export const Prism = { languages: {} as Record<string, unknown> };
