import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {extractPage, splitLong} from '../../plugins/search-index/extract';
import {readFileSync} from 'node:fs';
import {extractPage as extract, indexedHtml} from '../../plugins/search-index/extract';
import {heading, renderPage} from '../fixtures/search/corpus';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/html/${name}`, import.meta.url), 'utf8');

describe('search indexer: reading a built page', () => {
  it('reads a real page into the same records as the reader it replaced', () => {
    const expected = JSON.parse(fixture('page.records.json')) as {meta: unknown; section: unknown; title: string; records: unknown[]};
    const page = extract(fixture('page.html'), {siteTitle: 'Monq Docs'});
    assert.deepEqual(page.meta, expected.meta);
    assert.equal(page.section, expected.section);
    assert.equal(page.title, expected.title);
    assert.deepEqual(page.records, expected.records);
  });

  it('reads what a browser reads: entities in attributes, a minified href ending with a slash, raw text', () => {
    const page = extract(
      renderPage({route: '/docs/x/', tag: 'docs-default-9.0', title: 'T', body: ''}).replace(
        '<article><div class="theme-doc-markdown markdown">',
        // the class is written with an entity; the link's unquoted href ends with a slash and does not close it
        '<article><div class="row &#116;heme-doc-markdown"><p><a href=/docs/y/>Ссылка <b>жирная</b></a> и &laquo;ёлка&raquo;</p><script>var s = "<p>не текст</p>";</script>',
      ),
    );
    assert.deepEqual(page.records.map((r) => r.c).filter(Boolean), ['Ссылка жирная и «ёлка»']);
    assert.equal(page.title, 'T');
  });

  it('parses the page without the navbar, the sidebar and the footer, or whole when it has no <main>', () => {
    const page = '<!doctype html><html><head><title>T</title></head><body><nav>меню</nav><main><p>текст</p></main><footer>подвал</footer></body></html>';
    assert.equal(indexedHtml(page), '<!doctype html><html><head><title>T</title><main><p>текст</p>');
    const stub = '<!doctype html><html><head><meta http-equiv=refresh content="0; url=/x/"></head><body></body></html>';
    assert.equal(indexedHtml(stub), stub);
  });
});

describe('search indexer: page extraction', () => {
  const html = renderPage({
    route: '/docs/x/',
    tag: 'docs-default-9.0',
    version: '9.0',
    section: 'Руководство',
    title: 'Заголовок страницы',
    body:
      '<p>Вступление.</p>' +
      heading(2, 'first', 'Первый раздел') +
      '<p>Текст раздела.</p><ul><li>Пункт один</li><li>Пункт два</li></ul>' +
      heading(4, 'deep', 'Глубокий заголовок') +
      '<table><tr><th>Поле</th><th>Тип</th></tr><tr><td>name</td><td>строка</td></tr></table>' +
      '<div class="theme-admonition"><div class="theme-admonition-heading">Примечание</div><p>Важно.</p></div>' +
      '<section class="row"><article class="col"><a class="card padding--lg" href="/docs/y/"><h2 class="text--truncate" title="Y">📄️ Другая страница</h2></a></article></section>',
  });
  const page = extractPage(html, {siteTitle: 'Monq Docs'});

  it('reads the metas and the section', () => {
    assert.deepEqual(page.meta, {tag: 'docs-default-9.0', language: 'ru', version: '9.0', noindex: false});
    assert.equal(page.section, 'Руководство');
    assert.equal(page.title, 'Заголовок страницы');
  });

  it('follows the DocSearch hierarchy with anchors', () => {
    const summary = page.records.map((r) => `${r.y}|${r.a ?? ''}|${r.h.join(' > ')}|${r.c ?? ''}`);
    assert.deepEqual(summary, [
      'lvl1|||',
      'content|||Вступление.',
      'lvl2|first|Первый раздел|',
      'content|first|Первый раздел|Текст раздела. Пункт один Пункт два',
      // h4 right after h2 becomes lvl3: the hierarchy stays contiguous.
      'lvl3|deep|Первый раздел > Глубокий заголовок|',
      'content|deep|Первый раздел > Глубокий заголовок|Поле Тип name строка Важно.',
    ]);
  });

  it('splits long blocks at word boundaries', () => {
    const text = Array.from({length: 100}, (_, i) => `слово${i}`).join(' ');
    const pieces = splitLong(text, 100);
    assert.ok(pieces.every((p) => p.length <= 100));
    assert.equal(pieces.join(' '), text);
  });
});
