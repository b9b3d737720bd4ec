import type { PrismTheme } from 'prism-react-renderer';

/**
 * Code highlighting: our own light and dark themes, every token colour at least 4.5:1 against its
 * background (WCAG AA; the stock `github` and `vsDark` themes fail it), and only the extra Prism
 * languages that pages use (tests/unit/quality-prism.test.ts checks both against the content).
 * Shared: the build tokenizes with them (plugins/perf), the browser renders their colours
 * (src/lib/code/highlight.tsx); config/prism.ts hands them to the theme.
 */

/** Light theme, after GitHub's accessible light palette, on a light grey background. */
export const lightCodeTheme: PrismTheme = {
  plain: { color: '#1f2328', backgroundColor: '#f6f8fa' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#57606a', fontStyle: 'italic' } },
    { types: ['punctuation', 'operator'], style: { color: '#1f2328' } },
    { types: ['keyword', 'atrule', 'important', 'selector'], style: { color: '#b31d28' } },
    { types: ['string', 'char', 'attr-value', 'regex', 'url'], style: { color: '#0a3069' } },
    { types: ['function', 'class-name', 'builtin'], style: { color: '#6639ba' } },
    { types: ['number', 'boolean', 'constant', 'symbol', 'property', 'attr-name'], style: { color: '#0550ae' } },
    { types: ['variable', 'parameter'], style: { color: '#953800' } },
    { types: ['tag', 'inserted'], style: { color: '#116329' } },
    { types: ['deleted'], style: { color: '#82071e' } },
    { types: ['namespace'], style: { opacity: 1 } },
  ],
};

/** Dark theme, after GitHub's accessible dark palette. */
export const darkCodeTheme: PrismTheme = {
  plain: { color: '#e6edf3', backgroundColor: '#161b22' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#a5b0bb', fontStyle: 'italic' } },
    { types: ['punctuation', 'operator'], style: { color: '#e6edf3' } },
    { types: ['keyword', 'atrule', 'important', 'selector'], style: { color: '#ff9492' } },
    { types: ['string', 'char', 'attr-value', 'regex', 'url'], style: { color: '#a5d6ff' } },
    { types: ['function', 'class-name', 'builtin'], style: { color: '#d2a8ff' } },
    { types: ['number', 'boolean', 'constant', 'symbol', 'property', 'attr-name'], style: { color: '#79c0ff' } },
    { types: ['variable', 'parameter'], style: { color: '#ffa657' } },
    { types: ['tag', 'inserted'], style: { color: '#7ee787' } },
    { types: ['deleted'], style: { color: '#ffa198' } },
    { types: ['namespace'], style: { opacity: 1 } },
  ],
};

/**
 * Prism languages added to the ones prism-react-renderer bundles (json, yaml, sql, javascript, ...):
 * only those that fenced code blocks of the docs and upgrade notes use.
 */
export const ADDITIONAL_LANGUAGES = ['bash', 'csharp', 'ini'];
