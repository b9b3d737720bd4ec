/**
 * The kept article (src/lib/article/README.md): which page keeps its article, the data block the
 * server writes, and what the kept article's links and copy buttons do.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import {
  ARTICLE_DATA_ID,
  ARTICLE_SELECTOR,
  articleDataJson,
  openedArticle,
  resetOpenedArticle,
  samePath,
  staticArticle,
  staticHtmlOf,
} from '../../src/lib/article/staticArticle';
import { appTarget, codeText, isPlainClick, pageRouteMatcher, type PathMatcher } from '../../src/lib/article/links';

/** A document with the opened address and, optionally, the article and its data block. */
function fakeDocument(pathname: string, article: string | null, data: string | null): Document {
  return {
    location: { pathname },
    querySelector: (selector: string) => (selector === ARTICLE_SELECTOR && article !== null ? { innerHTML: article } : null),
    getElementById: (id: string) => (id === ARTICLE_DATA_ID && data !== null ? { textContent: data } : null),
  } as unknown as Document;
}

const DATA = articleDataJson({ metadata: { id: 'guide/signals', title: 'Сигналы' }, toc: [{ id: 'a', value: 'A', level: 2 }], default: () => null });

test('samePath: trailing slashes and percent-encoding do not matter', () => {
  assert.ok(samePath('/docs/guide/signals/', '/docs/guide/signals'));
  assert.ok(samePath('/docs/%D0%B0/', '/docs/а/'));
  assert.ok(!samePath('/docs/guide/signals/', '/docs/8.9/guide/signals/'));
  assert.ok(samePath('/', ''));
  assert.ok(!samePath('/docs/%E0%A4%A/', '/docs/x/'), 'a malformed address is compared as written');
});

test('articleDataJson: only the article data, and no "<" that could end the data block', () => {
  const json = articleDataJson({ metadata: { title: '</script><script>alert(1)</script>' }, toc: [], default: 'article', extra: 1 });
  assert.doesNotMatch(json, /</);
  assert.deepEqual(Object.keys(JSON.parse(json) as object), ['metadata', 'toc']);
  assert.equal((JSON.parse(json) as { metadata: { title: string } }).metadata.title, '</script><script>alert(1)</script>');
  assert.doesNotMatch(articleDataJson({ metadata: { title: 'a\u2028b' } }), /\u2028/);
});

test('openedArticle: the opened doc page keeps its article once; other pages and broken data do not', () => {
  resetOpenedArticle();
  assert.equal(openedArticle('/docs/guide/signals/', fakeDocument('/docs/guide/thresholds/', '<p>x</p>', DATA)), null, 'another page');
  resetOpenedArticle();
  const kept = openedArticle('/docs/guide/signals/', fakeDocument('/docs/guide/signals/', '<p>x</p>', DATA));
  assert.equal(kept?.html, '<p>x</p>');
  assert.deepEqual((kept?.data.metadata as { title: string }).title, 'Сигналы');
  assert.equal(openedArticle('/docs/guide/signals/', fakeDocument('/docs/guide/signals/', '<p>x</p>', DATA)), null, 'only once');
  resetOpenedArticle();
  assert.equal(openedArticle('/docs/guide/signals/', fakeDocument('/docs/guide/signals/', '<p>x</p>', null)), null, 'no data block');
  resetOpenedArticle();
  assert.equal(openedArticle('/docs/guide/signals/', fakeDocument('/docs/guide/signals/', '<p>x</p>', '{"toc":')), null, 'broken JSON');
  resetOpenedArticle();
  assert.equal(openedArticle('/docs/guide/signals/', fakeDocument('/docs/guide/signals/', null, DATA)), null, 'no article (not a doc page)');
  resetOpenedArticle();
  assert.equal(openedArticle('/docs/guide/signals/', undefined), null, 'no document (the server)');
});

test('staticHtmlOf: the kept article is recognised, a compiled one is not', () => {
  const Kept = staticArticle('<p>kept</p>');
  assert.equal(staticHtmlOf(createElement(Kept)), '<p>kept</p>');
  assert.equal(staticHtmlOf(createElement(() => null)), null);
  assert.equal(staticHtmlOf('text'), null);
  assert.equal(staticHtmlOf(createElement('div')), null);
});

const here = { href: 'http://docs.test/docs/guide/signals/', origin: 'http://docs.test', pathname: '/docs/guide/signals/', search: '' } as Location;
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const anchor = (href: string, attributes: Record<string, string> = {}) =>
  ({ href: new URL(href, here.href).href, target: attributes.target ?? '', hasAttribute: (name: string) => name in attributes }) as unknown as HTMLAnchorElement;
const pages = (pathname: string) => pathname.startsWith('/docs/') && !pathname.endsWith('.md');

test('appTarget: links to pages of the site stay in the app; everything else is the browser\'s', () => {
  assert.equal(appTarget(anchor('/docs/guide/thresholds/#limits'), here, pages), '/docs/guide/thresholds/#limits');
  assert.equal(appTarget(anchor('/docs/guide/thresholds/?x=1'), here, pages), '/docs/guide/thresholds/?x=1');
  assert.equal(appTarget(anchor('#properties'), here, pages), null, 'an anchor on the same page');
  assert.equal(appTarget(anchor('https://example.com/docs/x/'), here, pages), null, 'another site');
  assert.equal(appTarget(anchor('/docs/guide/signals.md'), here, pages), null, 'a file');
  assert.equal(appTarget(anchor('/docs/guide/thresholds/', { target: '_blank' }), here, pages), null, 'a new tab');
  assert.equal(appTarget(anchor('/docs/guide/thresholds/', { download: '' }), here, pages), null, 'a download');
});

test('isPlainClick: modifier keys, other buttons and handled clicks are the browser\'s', () => {
  assert.ok(isPlainClick(click));
  for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
    assert.equal(isPlainClick({ ...click, [key]: true }), false, key);
  }
  assert.equal(isPlainClick({ ...click, button: 1 }), false, 'middle button');
  assert.equal(isPlainClick({ ...click, defaultPrevented: true }), false, 'handled');
});

test('codeText: the lines of a block with build-time tokens, joined by line feeds', () => {
  const line = (text: string) => ({ textContent: text });
  const pre = (lines: Array<{ textContent: string }>, text = '') => ({ querySelectorAll: () => lines, textContent: text }) as unknown as Element;
  assert.equal(codeText(pre([line('{'), line('  "a": 1'), line('}')])), '{\n  "a": 1\n}');
  assert.equal(codeText(pre([], 'plain text')), 'plain text');
});

test('pageRouteMatcher: a page answers through its layout routes; the catch-all is not a page', () => {
  const match: PathMatcher = (pathname, { path, exact }) => (exact ? pathname === path : pathname.startsWith(path));
  const isPage = pageRouteMatcher(
    [
      { path: '/search/', exact: true },
      { path: '/docs/', routes: [{ path: '/docs/', routes: [{ path: '/docs/guide/signals/', exact: true }, { path: '*' }] }] },
      { path: '*' },
    ],
    match,
  );
  assert.ok(isPage('/docs/guide/signals/'));
  assert.ok(isPage('/search/'));
  assert.ok(!isPage('/docs/guide/missing/'));
  assert.ok(!isPage('/img/diagram.svg'));
});
