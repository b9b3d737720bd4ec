/**
 * Code highlighting: every token colour of both themes reads at 4.5:1 or more on the code background
 * (also on a highlighted line), and the extra Prism languages are exactly those the content needs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as stock from 'prism-react-renderer';
import type { PrismTheme } from 'prism-react-renderer';
import * as replay from '../../src/lib/code/highlight';
import { themeVariables } from '../../src/shared/code/themeVariables';
import { BUNDLED_LANGUAGES, encodeCode, hasGrammar, highlightedVariants, tokenize } from '../../plugins/perf/code-tokens';
import { codeKey, decodeTokens, registerCodeTokens } from '../../src/shared/code/tokens';
import { ADDITIONAL_LANGUAGES, darkCodeTheme, lightCodeTheme } from '../../config/prism';
import { blend, contrastRatio, parseColor } from '../../scripts/lib/bench-contrast';

const themes = [
  // highlighted-line backgrounds of src/css/custom.css
  { name: 'light', theme: lightCodeTheme, highlight: 'rgba(0, 0, 0, 0.08)' },
  { name: 'dark', theme: darkCodeTheme, highlight: 'rgba(255, 255, 255, 0.12)' },
];

test('contrast ratio matches the WCAG reference values', () => {
  assert.equal(Math.round(contrastRatio(parseColor('#000000'), parseColor('#ffffff')) * 10) / 10, 21);
  assert.equal(Math.round(contrastRatio(parseColor('#777777'), parseColor('#ffffff')) * 100) / 100, 4.48);
  assert.deepEqual(blend(parseColor('rgba(0, 0, 0, 0.5)'), parseColor('#ffffff')), { r: 127.5, g: 127.5, b: 127.5, a: 1 });
});

for (const { name, theme, highlight } of themes) {
  test(`${name} code theme: every token colour reaches 4.5:1, also on a highlighted line`, () => {
    const background = parseColor(theme.plain.backgroundColor ?? '#ffffff');
    const highlighted = blend(parseColor(highlight), background);
    const colours = [theme.plain.color, ...theme.styles.map((style) => style.style.color)].filter(
      (colour): colour is string => typeof colour === 'string',
    );
    assert.ok(colours.length > 5);
    const weak = colours.flatMap((colour) =>
      [background, highlighted]
        .map((bg) => ({ colour, ratio: contrastRatio(parseColor(colour), bg) }))
        .filter(({ ratio }) => ratio < 4.5),
    );
    assert.deepEqual(weak, []);
  });
}

/** Languages of the fenced code blocks of every Markdown file under `dir`. */
function fenceLanguages(dir: string, found = new Set<string>()): Set<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) fenceLanguages(full, found);
    else if (/\.mdx?$/.test(entry.name)) {
      for (const match of readFileSync(full, 'utf8').matchAll(/^\s*(?:```|~~~)([\w+-]+)/gm)) {
        found.add((match[1] ?? '').toLowerCase());
      }
    }
  }
  return found;
}

test('the extra Prism languages are exactly the ones the content uses beyond the bundled set', () => {
  const used = new Set<string>();
  for (const dir of ['versioned_docs', 'upgrade', 'docs', 'src/pages']) fenceLanguages(dir, used);
  // code is tokenized at build time by prism-react-renderer's Prism plus ADDITIONAL_LANGUAGES
  const bundled = new Set(BUNDLED_LANGUAGES);
  const missing = Array.from(used).filter(
    (lang) => !bundled.has(lang) && !ADDITIONAL_LANGUAGES.includes(lang) && !['text', 'plain', 'txt'].includes(lang),
  );
  assert.deepEqual(missing, [], 'add these to ADDITIONAL_LANGUAGES in config/prism.ts');
  const unused = ADDITIONAL_LANGUAGES.filter((lang) => !used.has(lang) || bundled.has(lang));
  assert.deepEqual(unused, [], 'remove these from ADDITIONAL_LANGUAGES in config/prism.ts');
});

test('every fenced language of the content has a grammar at build time', () => {
  const used = new Set<string>();
  for (const dir of ['versioned_docs', 'upgrade', 'docs', 'src/pages']) fenceLanguages(dir, used);
  const plain = ['text', 'plain', 'txt'];
  assert.deepEqual(
    Array.from(used).filter((lang) => !plain.includes(lang) && !hasGrammar(lang)),
    [],
  );
  assert.equal(hasGrammar('no-such-language'), false);
});

const SAMPLES: [string, string][] = [
  ['json', '{\n  "name": "monq",\n  "port": 8080,\n  "tls": true\n}\n\n'],
  ['yaml', 'agent:\n  # comment\n  name: "node-1"\n  ports: [80, 443]'],
  ['sql', "SELECT id, name FROM signals WHERE severity > 3 AND name LIKE 'db%';"],
  ['javascript', 'const x = (a) => a * 2; // twice\nconsole.log(`x=${x(2)}`);'],
  ['bash', 'curl -s -H "Authorization: Bearer $TOKEN" \\\n  https://monq.example/api/public/sm/v2/config-items | jq .\n\n# done'],
  ['csharp', 'var items = await client.GetAsync("/api");\r\nif (items == null) { return; }'],
  ['text', 'plain text\n\nwith an empty line'],
  ['lua', 'local x = 1 -- unknown to the build: shown as plain text'],
  ['yaml', ''],
];

test('build-time runs rebuild exactly the tokens prism-react-renderer computes', () => {
  for (const [language, code] of SAMPLES) {
    const expected = tokenize(code, language);
    assert.deepEqual(decodeTokens(code, encodeCode(code, language)), expected, `${language}: ${code}`);
  }
  // runs that do not fit the code are refused rather than cut wrongly
  const runs = encodeCode('a: 1', 'yaml');
  assert.equal(decodeTokens('a: 12', runs), undefined);
  assert.equal(decodeTokens('a: 1\nb: 2', runs), undefined);
});

test('the Highlight of the bundles renders prism-react-renderer\'s markup from the registered runs, its colours as variables', () => {
  const render = (Highlight: typeof stock.Highlight | typeof replay.Highlight, language: string, code: string, theme?: PrismTheme): string =>
    renderToStaticMarkup(
      createElement(Highlight as typeof replay.Highlight, {
        code,
        language,
        theme,
        children: ({ className, style, tokens, getLineProps, getTokenProps }): ReactNode =>
          createElement(
            'pre',
            { className, style },
            tokens.map((line, i) =>
              createElement(
                'span',
                { key: i, ...getLineProps({ line }) },
                line.map((token, j) => createElement('span', { key: j, ...getTokenProps({ token }) })),
              ),
            ),
          ),
      }),
    );
  // the variables' values of a mode (plugins/perf/code-theme.ts) in place of the references
  const variables = themeVariables(lightCodeTheme, darkCodeTheme);
  const resolve = (markup: string, values: Record<string, string>): string =>
    markup.replace(/var\((--monq-code-[\w-]+)\)/g, (_reference, name: string) => values[name] ?? `undefined ${name}`);
  registerCodeTokens(SAMPLES.map(([language, code]) => [codeKey(language, code), encodeCode(code, language)]));
  for (const [language, code] of SAMPLES) {
    // the markup is one for both modes: the theme Docusaurus passes is not read
    const markup = render(replay.Highlight, language, code, lightCodeTheme);
    assert.equal(render(replay.Highlight, language, code, darkCodeTheme), markup, `${language}: the same in both modes`);
    assert.equal(render(replay.Highlight, language, code), markup, `${language}: the same without a theme`);
    assert.doesNotMatch(markup, /#[0-9a-f]{3,8}\b|rgb/i, `${language}: no literal colour`);
    for (const [mode, theme] of [['light', lightCodeTheme], ['dark', darkCodeTheme]] as const) {
      const expected = render(stock.Highlight, language, code, theme);
      assert.ok(expected.includes('token'), language);
      assert.equal(resolve(markup, variables[mode]), expected, `${language}, ${mode}`);
    }
  }
  // an unregistered block fails the build (server rendering) instead of silently losing its colours
  assert.throws(() => render(replay.Highlight, 'yaml', 'never: registered'), /without build-time tokens/);
});

test('the code a block hands to Highlight: last line break dropped, magic comment lines too', () => {
  assert.deepEqual(highlightedVariants('a: 1\n'), ['a: 1']);
  assert.deepEqual(highlightedVariants('a: 1\r\n\n'), ['a: 1\r\n']);
  assert.deepEqual(highlightedVariants('x = 1\n# highlight-next-line\ny = 2\n'), ['x = 1\n# highlight-next-line\ny = 2', 'x = 1\ny = 2']);
});
