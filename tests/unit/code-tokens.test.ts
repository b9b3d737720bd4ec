/**
 * Build-time code tokens: the rehype plugin finds every fenced block of a page (also inside JSX), and
 * the page module it produces registers their runs when it loads.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import rehypeCodeTokens, { codeEntries, languageOf } from '../../plugins/perf/rehype-code-tokens';
import { codeKey } from '../../src/shared/code/tokens';

const PAGE = [
  '# Пример',
  '',
  '```yaml title="task.yaml"',
  'agent:',
  '  name: node-1',
  '```',
  '',
  '<div>',
  '',
  '```bash',
  'curl -s https://monq.example/api',
  '```',
  '',
  '</div>',
  '',
  '```',
  'без языка',
  '```',
  '',
].join('\n');

/** MDX's compiler is ESM only: loaded on demand. */
async function compile(source: string, options: { rehypePlugins: unknown[] }): Promise<string> {
  const mdx = await import('@mdx-js/mdx');
  return String(await mdx.compile(source, options as Parameters<typeof mdx.compile>[1]));
}

test('the language of a block comes from its language- class, lower case, text when absent', () => {
  assert.equal(languageOf({ type: 'element', properties: { className: ['language-YAML'] } }), 'yaml');
  assert.equal(languageOf({ type: 'element', properties: {} }), 'text');
});

test('a compiled page registers the runs of each of its code blocks, once per block', async () => {
  const output = (await compile(PAGE, { rehypePlugins: [rehypeCodeTokens] }));
  assert.match(output, /import \{registerCodeTokens\} from "@site\/src\/shared\/code\/tokens"/);
  const json = /registerCodeTokens\(JSON\.parse\(("(?:[^"\\]|\\.)*")\)\)/.exec(output)?.[1];
  assert.ok(json, 'the registration call is in the module');
  const entries = JSON.parse(JSON.parse(json) as string) as [string, unknown][];
  assert.deepEqual(
    entries.map(([key]) => key),
    [
      codeKey('yaml', 'agent:\n  name: node-1'),
      codeKey('bash', 'curl -s https://monq.example/api'),
      codeKey('text', 'без языка'),
    ],
  );
});

test('a page without code blocks is left as it is', async () => {
  const output = (await compile('# Текст\n\nАбзац без кода.\n', { rehypePlugins: [rehypeCodeTokens] }));
  assert.doesNotMatch(output, /registerCodeTokens/);
  assert.deepEqual(codeEntries({ type: 'root', children: [] }), []);
});

test('with DOCS_PRIVATE_OFF=code-tokens the prism-include-languages replacement loads exactly the languages the build tokenizes', async () => {
  const { ADDITIONAL_LANGUAGES } = await import('../../src/shared/code/prism');
  const source = (await import('node:fs')).readFileSync('src/theme/prism-include-languages.ts', 'utf8');
  const required = [...source.matchAll(/require\('prismjs\/components\/prism-([\w-]+)'\)/g)].map((match) => match[1]);
  assert.deepEqual(required, [...ADDITIONAL_LANGUAGES]);
  assert.match(source, /if \(!__MONQ_CODE_TOKENS__\) \{/, 'a constant branch, which the bundler drops from the default build');
});
