/**
 * Code colours as CSS variables (src/shared/code/themeVariables.ts, plugins/perf/code-theme.ts): the
 * markup's dictionary refers to variables only, and the stylesheet every page carries gives them each
 * mode's colours from config/prism.ts. (tests/unit/quality-prism.test.ts checks the rendered markup
 * against prism-react-renderer's, and tests/e2e/site.test.ts the colours a reader sees.)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PrismTheme } from 'prism-react-renderer';
import { darkCodeTheme, lightCodeTheme } from '../../config/prism';
import {
  CONTAINER_SELECTOR,
  DARK_SELECTOR,
  LIGHT_SELECTOR,
  UNSET_VALUE,
  themeCss,
  themeVariables,
  variableName,
} from '../../src/shared/code/themeVariables';
import { CODE_THEME_ATTRIBUTE, codeThemeCss, injectCodeTheme } from '../../plugins/perf/code-theme';
import perfPlugin from '../../plugins/perf/index';

const THEMES = { light: lightCodeTheme, dark: darkCodeTheme } as const;
const variables = themeVariables(lightCodeTheme, darkCodeTheme);

/** The declarations of the rule with this selector: variable → value. */
function declarations(css: string, selector: string): Record<string, string> {
  const rule = css.split('\n').find((line) => line.startsWith(`${selector}{`));
  assert.ok(rule, `a rule for ${selector}`);
  return Object.fromEntries(
    rule
      .slice(selector.length + 1, -1)
      .split(';')
      .map((declaration) => {
        const colon = declaration.indexOf(':');
        return [declaration.slice(0, colon), declaration.slice(colon + 1)];
      }),
  );
}

/** Every (key, property, value) a theme sets, keyed as the dictionary is (`plain` or the token type); a later entry wins. */
function themeEntries(theme: PrismTheme): [string, string, string][] {
  const entries = new Map<string, [string, string, string]>();
  const add = (key: string, style: object) => {
    for (const [property, value] of Object.entries(style)) entries.set(`${key} ${property}`, [key, property, String(value)]);
  };
  add('plain', theme.plain);
  for (const { types, style } of theme.styles) for (const type of types) add(type, style);
  return Array.from(entries.values());
}

describe('the variables of config/prism.ts', () => {
  test('cover every type and property of both themes, in the dictionary and in both modes', () => {
    for (const theme of Object.values(THEMES)) {
      for (const [key, property] of themeEntries(theme)) {
        const name = variableName(key, property);
        const style = (key === 'plain' ? variables.styles.root : variables.styles[key]) as Record<string, unknown> | undefined;
        assert.equal(style?.[property], `var(${name})`, `${key} ${property}`);
        assert.ok(name in variables.light && name in variables.dark, `${name} has a value in both modes`);
      }
    }
  });

  test('the dictionary has no literal colour: every value is a variable of ours', () => {
    const values = Object.entries(variables.styles).flatMap(([key, style]) =>
      Object.entries(style)
        .filter(([, value]) => value !== undefined)
        .map(([property, value]) => ({ key, property, value: String(value) })),
    );
    assert.ok(values.length > 30);
    for (const { key, property, value } of values) {
      assert.match(value, /^var\(--monq-code-[a-z0-9-]+\)$/, `${key} ${property}`);
    }
    // prism-react-renderer's `plain` (each line) has no background of its own; `root` (the <pre>) has it
    assert.equal(variables.styles.plain?.backgroundColor, undefined);
    assert.equal(variables.styles.root?.backgroundColor, 'var(--monq-code-plain-background-color)');
  });

  test('the stylesheet holds each theme\'s colours under its selector, light also as the default', () => {
    const css = codeThemeCss();
    assert.equal(css, themeCss(variables));
    assert.deepEqual(declarations(css, LIGHT_SELECTOR), variables.light);
    assert.deepEqual(declarations(css, DARK_SELECTOR), variables.dark);
    assert.equal(LIGHT_SELECTOR, ":root,[data-theme='light']");
    assert.ok(css.indexOf(DARK_SELECTOR) > css.indexOf(LIGHT_SELECTOR), 'dark comes later: it wins over :root at equal specificity');
    for (const [mode, theme] of Object.entries(THEMES)) {
      const rule = declarations(css, mode === 'light' ? LIGHT_SELECTOR : DARK_SELECTOR);
      // both themes of config/prism.ts set the same types and properties: no fallback value is needed
      assert.ok(!Object.values(rule).includes(UNSET_VALUE), mode);
      for (const [key, property, value] of themeEntries(theme)) {
        assert.equal(rule[variableName(key, property)], value, `${mode}: ${key} ${property}`);
      }
    }
    assert.equal(declarations(css, DARK_SELECTOR)['--monq-code-plain-background-color'], darkCodeTheme.plain.backgroundColor);
    assert.doesNotMatch(css, /<\//, 'nothing can close the <style> element');
  });

  test('Docusaurus\'s inline container variables are overridden by ours', () => {
    assert.deepEqual(declarations(codeThemeCss(), CONTAINER_SELECTOR), {
      '--prism-color': 'var(--monq-code-plain-color)!important',
      '--prism-background-color': 'var(--monq-code-plain-background-color)!important',
    });
  });
});

describe('themes that differ', () => {
  const light: PrismTheme = {
    plain: { color: '#111111', backgroundColor: '#ffffff' },
    styles: [
      { types: ['comment'], style: { color: '#222222', fontStyle: 'italic' } },
      { types: ['comment', 'string'], style: { color: '#333333' } },
      { types: ['namespace'], style: { opacity: 0.7 } },
    ],
  };
  const dark: PrismTheme = {
    plain: { color: '#eeeeee' },
    styles: [
      { types: ['string'], style: { color: '#dddddd', textDecorationLine: 'underline' } },
      { types: ['keyword'], style: { fontWeight: 'bold' } },
    ],
  };
  const differing = themeVariables(light, dark);

  test('entries merge in order, per type, as prism-react-renderer merges them', () => {
    assert.equal(differing.light[variableName('comment', 'color')], '#333333');
    assert.equal(differing.light[variableName('comment', 'fontStyle')], 'italic');
    assert.equal(differing.light[variableName('namespace', 'opacity')], '0.7');
  });

  test('what only one theme sets is `initial` in the other mode, so nothing of one mode leaks into the other', () => {
    assert.equal(differing.dark[variableName('comment', 'fontStyle')], UNSET_VALUE);
    assert.equal(differing.dark[variableName('plain', 'backgroundColor')], UNSET_VALUE);
    assert.equal(differing.light[variableName('string', 'textDecorationLine')], UNSET_VALUE);
    assert.equal(differing.light[variableName('keyword', 'fontWeight')], UNSET_VALUE);
    assert.equal(differing.dark[variableName('keyword', 'fontWeight')], 'bold');
    // the dictionary has the union of both: the markup is one for both modes
    assert.deepEqual(Object.keys(differing.styles.string ?? {}), ['color', 'textDecorationLine']);
    assert.deepEqual(Object.keys(differing.light).sort(), Object.keys(differing.dark).sort());
  });

  test('what a variable cannot carry is refused', () => {
    const withStyle = (style: object): PrismTheme => ({ plain: {}, styles: [{ types: ['x'], style }] });
    for (const bad of [{ color: 'red;}body{color:red' }, { color: '</style>' }, { color: 'inherit' }]) {
      assert.throws(() => themeVariables(withStyle(bad), light), /cannot be a CSS variable's value/, JSON.stringify(bad));
    }
    assert.throws(() => themeVariables({ plain: {}, styles: [{ types: ['a b'], style: { color: '#000000' } }] }, light), /cannot name a CSS variable/);
    assert.throws(
      () => themeVariables({ plain: {}, styles: [{ types: ['keyword'], languages: ['sql'], style: { color: '#000000' } }] }, light),
      /limited to languages/,
    );
    // two keys whose variables would collide
    assert.throws(
      () => themeVariables({ plain: { backgroundColor: '#000000' }, styles: [{ types: ['plain-background'], style: { color: '#000000' } }] }, light),
      /would share the variable/,
    );
  });
});

test('the perf plugin puts the stylesheet in the head of every page', () => {
  const plugin = perfPlugin(undefined, {});
  assert.equal(plugin.injectHtmlTags, injectCodeTheme);
  const { headTags } = injectCodeTheme();
  assert.deepEqual(headTags, [{ tagName: 'style', attributes: { [CODE_THEME_ATTRIBUTE]: true }, innerHTML: codeThemeCss() }]);
});
