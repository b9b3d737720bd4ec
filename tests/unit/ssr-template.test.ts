import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as eta from 'eta';
import defaultTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import { splitLeadingLinks, ssrTemplate } from '../../plugins/perf/ssr-template';
import { pageTemplate } from '../../config/perf';

const PRELOADS = '<link rel="preload" as="image" href="/img/logo.svg"/><link rel="preload" as="image" href="/img/logo-dark.svg"/>';
const APP = '<div role="region"><a href="#main">Перейти</a></div><nav class="navbar"><link rel="x" href="/in-app"/></nav>';

/** Renders a template the way Docusaurus's SSG does (ssg/ssgTemplate.js). */
function render(template: string, appHtml: string): string {
  const compiled = eta.compile(template.trim(), { rmWhitespace: true });
  return compiled(
    {
      appHtml,
      baseUrl: '/',
      htmlAttributes: 'lang="ru"',
      bodyAttributes: '',
      headTags: '<title>Сигналы</title>',
      preBodyTags: '',
      postBodyTags: '',
      metaAttributes: [],
      scripts: ['assets/js/main.js'],
      stylesheets: ['assets/css/styles.css'],
      version: '3',
    },
    eta.defaultConfig,
  );
}

test('the page template moves the links React writes before the app into <head>, and nothing else', () => {
  const html = render(ssrTemplate(), PRELOADS + APP);
  const head = html.slice(0, html.indexOf('</head>'));
  const root = html.slice(html.indexOf('<div id="__docusaurus">'));
  assert.ok(head.includes(PRELOADS), head);
  assert.ok(root.startsWith(`<div id="__docusaurus">${APP}</div>`), root);
  // a link inside the app stays where React put it
  assert.equal(html.split('href="/in-app"').length, 2);
});

test('without leading links the page is what the default template renders', () => {
  assert.equal(render(ssrTemplate(), APP), render(defaultTemplate, APP));
  assert.equal(pageTemplate, ssrTemplate());
});

test('the split keeps the app intact and stops at the first element that is not a link', () => {
  assert.deepEqual(splitLeadingLinks(PRELOADS + APP), { links: PRELOADS, app: APP });
  assert.deepEqual(splitLeadingLinks(APP), { links: '', app: APP });
});

test('a Docusaurus template without the expected anchors stops the build', () => {
  assert.throws(() => ssrTemplate(defaultTemplate.replace('<div id="__docusaurus">', '<main id="__docusaurus">')), /not found exactly once/);
  assert.throws(() => ssrTemplate(defaultTemplate.replace('</head>', '')), /not found exactly once/);
});
