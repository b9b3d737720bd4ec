/** Every switch of the README has a variant build that CI makes and a browser test opens. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SWITCH_VARIANTS, VARIANTS } from '../../scripts/build-variant';

/** `NAME` or `NAME=value` of each switch in the README's table («Переключатели»). */
function readmeSwitches(readme: string): { name: string; value: string | null }[] {
  const section = readme.split(/^## Переключатели.*$/m)[1]?.split(/^## /m)[0] ?? '';
  const switches: { name: string; value: string | null }[] = [];
  for (const line of section.split('\n')) {
    const first = line.split('|')[1] ?? '';
    for (const match of first.matchAll(/`([A-Z_]+)(?:=([^`]+))?`/g)) switches.push({ name: match[1]!, value: match[2] ?? null });
  }
  return switches;
}

/** The Ask AI mode needs the hosted service itself; config.test.ts reads the variable. */
const NOT_BUILT = new Set(['DOCSEARCH_ASSISTANT_ID']);

test('each switch of the README is set, to the README value, by a variant build', () => {
  const switches = readmeSwitches(readFileSync('README.md', 'utf8'));
  assert.ok(switches.length >= 10, switches.map((s) => s.name).join(' '));
  for (const { name, value } of switches) {
    if (NOT_BUILT.has(name)) continue;
    const variants = Object.entries(VARIANTS).filter(([, variant]) => name in variant.env && (value === null || variant.env[name] === value));
    assert.ok(variants.length > 0, `no variant builds with ${value === null ? name : `${name}=${value}`}`);
  }
});

test('scripts/test.sh builds every variant the browser tests open', () => {
  const script = readFileSync('scripts/test.sh', 'utf8');
  for (const name of ['metrica', 'signals', 'hosted', ...SWITCH_VARIANTS]) {
    assert.ok(VARIANTS[name], name);
    assert.match(script, new RegExp(`build-variant\\.ts ${name}\\b|for variant in [^;]*\\b${name}\\b`), `scripts/test.sh builds ${name}`);
  }
});
