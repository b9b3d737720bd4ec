/**
 * plugins/perf/ssg-slim-bundler.cjs: the static-page renderer gets `getHtmlMinifier` without loading
 * the rest of `@docusaurus/bundler`; every other module, and every other name, get the real package.
 * Each case runs in a fresh Node process, so that no other test has loaded the package already.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('../../plugins/perf/ssg-slim-bundler.cjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `script` in a Node process with the preload (or without), returns its JSON output. */
function probe(script: string, preload = true): Record<string, unknown> {
  const args = [...(preload ? ['--require', PRELOAD] : []), '-e', script];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' })) as Record<string, unknown>;
}

const LOADED = `const loaded = (name) => Object.keys(require.cache).some((file) => file.includes('/node_modules/' + name + '/'));`;
const AS_RENDERER = `const { createRequire } = require('node:module');
const rendererRequire = createRequire(require.resolve('@docusaurus/core/lib/ssg/ssgRenderer.js'));`;

test('the renderer gets the real getHtmlMinifier, and webpack, Babel and webpackbar stay unloaded', () => {
  const result = probe(`${LOADED}${AS_RENDERER}
const bundler = rendererRequire('@docusaurus/bundler');
const same = bundler.getHtmlMinifier === require('@docusaurus/bundler/lib/minifyHtml').getHtmlMinifier;
console.log(JSON.stringify({ same, webpackbar: loaded('webpackbar'), babel: loaded('@docusaurus/babel'), webpack: loaded('webpack'), again: rendererRequire('@docusaurus/bundler') === bundler }));`);
  assert.deepEqual(result, { same: true, webpackbar: false, babel: false, webpack: false, again: true });
});

test('any other name loads the whole package, and other modules get the real one', () => {
  const result = probe(`${LOADED}${AS_RENDERER}
const real = require('@docusaurus/bundler');
const viaRenderer = rendererRequire('@docusaurus/bundler');
console.log(JSON.stringify({ otherIsProxy: real === viaRenderer, minimizers: viaRenderer.getMinimizers === real.getMinimizers, webpackbar: loaded('webpackbar') }));`);
  assert.deepEqual(result, { otherIsProxy: false, minimizers: true, webpackbar: true });
});

test('without the preload the renderer loads the whole package (what the preload saves)', () => {
  const result = probe(`${LOADED}${AS_RENDERER}
rendererRequire('@docusaurus/bundler');
console.log(JSON.stringify({ webpackbar: loaded('webpackbar') }));`, false);
  assert.deepEqual(result, { webpackbar: true });
});

test('the build command preloads it', () => {
  const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
  assert.match(scripts.build ?? '', /--require \.\/plugins\/perf\/ssg-slim-bundler\.cjs .*docusaurus build/);
});
