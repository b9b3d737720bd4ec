/**
 * Code colours as CSS custom properties, so that a code block's markup is the same in both colour
 * modes. The server renders every page once, before anyone knows the reader's colour mode; when the
 * markup carried the light theme's colours, a dark page showed light code blocks until hydration
 * rewrote them. Here the markup refers to variables (`color: var(--monq-code-keyword-color)`) and a
 * stylesheet defines them per mode (`[data-theme='dark']`), which the browser applies before the first
 * paint, scripts or no scripts.
 *
 * Input: the light and dark themes of config/prism.ts (the single source of the colours). Output:
 * the style dictionary src/lib/code/highlight.tsx renders from (every value a `var(--…)`), the values
 * of each variable per mode, and the stylesheet text plugins/perf/code-theme.ts puts in every page.
 */
import type { CSSProperties } from 'react';
import type { PrismTheme } from 'prism-react-renderer';

/** The dictionary prism-react-renderer's `Highlight` renders from: `root`, `plain` and each token type. */
export type StyleDict = Record<string, CSSProperties>;

/** Custom property name → its CSS value in one colour mode. */
export type VariableValues = Record<string, string>;

export interface ThemeVariables {
  /** The same keys and properties as prism-react-renderer's dictionary, every value a `var(--monq-code-…)`. */
  styles: StyleDict;
  light: VariableValues;
  dark: VariableValues;
}

export const VARIABLE_PREFIX = '--monq-code-';

/**
 * What a variable is set to in a mode whose theme does not set that property. For a custom property
 * `initial` is the guaranteed-invalid value, so `color: var(--x)` computes as `unset`: an inherited
 * property (colour, font style) takes the line's, any other (background, opacity) its initial value,
 * as when the token had no such declaration. Nothing of the other mode leaks in.
 *
 * One difference from a literal theme: a token of several types, where a later type sets the property
 * in the other mode only, gets the line's value there rather than the earlier type's (the variable of
 * the later type wins the merge). config/prism.ts gives both themes the same types and properties.
 */
export const UNSET_VALUE = 'initial';

/** Docusaurus's CodeBlock container writes these from the theme's `plain` (`getPrismCssVariables`, theme-common 3.10). */
export const CONTAINER_VARIABLES: Readonly<Record<string, string>> = {
  color: '--prism-color',
  backgroundColor: '--prism-background-color',
};

/** The selectors of each mode: light is also the default, before or without `data-theme`. */
export const LIGHT_SELECTOR = ":root,[data-theme='light']";
export const DARK_SELECTOR = "[data-theme='dark']";
/** Docusaurus's class of a code block's container (`ThemeClassNames.common.codeBlock`). */
export const CONTAINER_SELECTOR = '.theme-code-block';

/** React's unitless style properties among those a Prism theme may set: numbers stay bare. */
const UNITLESS = new Set(['opacity', 'fontWeight', 'lineHeight', 'zIndex', 'flex', 'flexGrow', 'flexShrink', 'order']);
/** CSS-wide keywords: in a custom property they act on the variable itself, not on the property that reads it. */
const CSS_WIDE_KEYWORDS = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);
/** Token types become part of a variable name: ASCII letters, digits, `-` and `_` only. */
const NAME_PART = /^[A-Za-z0-9_-]+$/;

type Style = Record<string, string | number>;

function kebab(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A theme value as CSS text, as React would write it inline. Refuses what would break the stylesheet. */
function cssValue(property: string, value: string | number): string {
  const text = typeof value === 'number' && value !== 0 && !UNITLESS.has(property) ? `${value}px` : String(value).trim();
  if (text === '' || /[;{}<>\\\r\n]/.test(text) || CSS_WIDE_KEYWORDS.has(text.toLowerCase())) {
    throw new Error(`Code theme: ${property} ${JSON.stringify(value)} cannot be a CSS variable's value`);
  }
  return text;
}

/** The defined (non-undefined) properties of a theme style. */
function defined(style: object): Style {
  return Object.fromEntries(
    Object.entries(style).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'),
  );
}

/**
 * A theme's styles per key, as prism-react-renderer's `themeToDict` merges them: the entries in
 * order, each type taking the properties of every entry that lists it; `plain` from the theme's
 * `plain`. Types named `root` or `plain` are skipped: `themeToDict` overwrites them with `plain`.
 * No checks here: this runs in the browser too; `checkTheme` runs in the build.
 */
function mergedStyles(theme: PrismTheme): Map<string, Style> {
  const merged = new Map<string, Style>([['plain', defined(theme.plain)]]);
  for (const entry of theme.styles) {
    for (const type of entry.types) {
      if (type === 'root' || type === 'plain') continue;
      // a property set to undefined by a later entry is dropped, as React drops it from the markup
      merged.set(type, defined({ ...merged.get(type), ...entry.style }));
    }
  }
  return merged;
}

/** What the variables cannot express: refused when the build writes the stylesheet. */
function checkTheme(theme: PrismTheme, name: string): void {
  for (const entry of theme.styles) {
    // The markup is the same for every language: a style of some languages only would need variables per language.
    if (entry.languages) throw new Error(`Code theme (${name}): entries limited to languages are not supported (${entry.types.join(', ')})`);
    for (const type of entry.types) {
      if (!NAME_PART.test(type)) throw new Error(`Code theme (${name}): token type ${JSON.stringify(type)} cannot name a CSS variable`);
    }
  }
}

/** The variable of one property of one key (`plain` or a token type). */
export function variableName(key: string, property: string): string {
  return `${VARIABLE_PREFIX}${key}-${kebab(property)}`;
}

/** The keys (token types, `plain` first) and each key's properties, light's order first. */
function union(light: Map<string, Style>, dark: Map<string, Style>): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const styles of [light, dark]) {
    for (const [key, style] of styles) {
      const properties = keys.get(key) ?? [];
      for (const property of Object.keys(style)) if (!properties.includes(property)) properties.push(property);
      keys.set(key, properties);
    }
  }
  return keys;
}

/**
 * The dictionary with variable references: the keys and properties of both themes. What the browser
 * needs (src/lib/code/highlight.tsx); the values and their checks stay with the build (`themeVariables`).
 */
export function themeStyles(lightTheme: PrismTheme, darkTheme: PrismTheme): StyleDict {
  const styles: StyleDict = {};
  for (const [key, properties] of union(mergedStyles(lightTheme), mergedStyles(darkTheme))) {
    styles[key] = Object.fromEntries(properties.map((property) => [property, `var(${variableName(key, property)})`]));
  }
  // prism-react-renderer's `root` (the `<pre>`) and `plain` (each line): the line has no background of its own.
  const plain = styles.plain ?? {};
  styles.root = plain;
  styles.plain = { ...plain, backgroundColor: undefined };
  return styles;
}

/** The dictionary, and the values of its variables in each mode. */
export function themeVariables(lightTheme: PrismTheme, darkTheme: PrismTheme): ThemeVariables {
  checkTheme(lightTheme, 'light');
  checkTheme(darkTheme, 'dark');
  const themes = { light: mergedStyles(lightTheme), dark: mergedStyles(darkTheme) };
  const values: Record<'light' | 'dark', VariableValues> = { light: {}, dark: {} };
  const owners = new Map<string, string>();
  for (const [key, properties] of union(themes.light, themes.dark)) {
    for (const property of properties) {
      const name = variableName(key, property);
      const owner = `${key} ${property}`;
      if (owners.has(name)) throw new Error(`Code theme: ${owner} and ${owners.get(name)} would share the variable ${name}`);
      owners.set(name, owner);
      for (const mode of ['light', 'dark'] as const) {
        const value = themes[mode].get(key)?.[property];
        values[mode][name] = value === undefined ? UNSET_VALUE : cssValue(property, value);
      }
    }
  }
  return { styles: themeStyles(lightTheme, darkTheme), ...values };
}

function rule(selector: string, declarations: VariableValues, important = false): string {
  const body = Object.entries(declarations)
    .map(([name, value]) => `${name}:${value}${important ? '!important' : ''}`)
    .join(';');
  return `${selector}{${body}}`;
}

/**
 * The stylesheet: each mode's variables, and Docusaurus's container variables pointed at ours. The
 * container writes them inline from the colour mode it renders in (the light one on the server);
 * `!important` in a stylesheet wins over an inline declaration without it.
 */
export function themeCss({ styles, light, dark }: ThemeVariables): string {
  const root = styles.root ?? {};
  const container = Object.fromEntries(
    Object.entries(CONTAINER_VARIABLES)
      .filter(([property]) => property in root)
      .map(([property, name]) => [name, String(root[property as keyof CSSProperties])]),
  );
  return [rule(LIGHT_SELECTOR, light), rule(DARK_SELECTOR, dark), rule(CONTAINER_SELECTOR, container, true)].join('\n');
}
