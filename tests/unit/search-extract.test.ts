import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {extractPage, splitLong} from '../../plugins/search-index/extract';
import {decodeEntities, findElement, hasClass, parseHtml, type ElementNode} from '../../plugins/search-index/html';
import {heading, renderPage} from '../fixtures/search/corpus';

describe('search indexer: HTML reading', () => {
  it('decodes entities', () => {
    assert.equal(decodeEntities('&lt;a&gt; &amp;amp; &#x41;&#66; &laquo;ё&raquo; &unknown;'), '<a> &amp; AB «ё» &unknown;');
  });

  it('parses unquoted attributes, void and raw-text elements', () => {
    const root = parseHtml('<meta name=docusaurus_tag content=docs-default-9.0 /><p>a<br>b</p><script>if (a<b) {}</script><p>c');
    const tags = root.children.filter((n) => n.type === 'element').map((n) => (n as {tag: string}).tag);
    assert.deepEqual(tags, ['meta', 'p', 'script', 'p']);
    const meta = root.children[0] as {attrs: Record<string, string>};
    assert.equal(meta.attrs.content, 'docs-default-9.0');
    // A minified link whose unquoted href ends with a slash is not self-closing.
    const link = parseHtml('<a class=card href=/docs/x/><h2>T</h2></a><svg><path d=M0 /><g></g></svg>');
    const a = link.children[0] as {tag: string; children: Array<{tag?: string}>};
    assert.equal(a.children[0]!.tag, 'h2');
    const svg = link.children[1] as {children: Array<{tag?: string}>};
    assert.deepEqual(svg.children.map((c) => c.tag), ['path', 'g']);
  });

  it('finds classes the same way whether or not the attributes were read, entities included', () => {
    const root = parseHtml(
      '<div class="menu theme-doc-sidebar-menu"><a class=menu__link>x</a></div><div class="row &#116;heme-doc-markdown"><p>y</p></div><span data-x="theme-doc-markdown-not">z</span>',
    );
    const [menu, encoded, span] = root.children as ElementNode[];
    assert.equal(hasClass(menu!, 'theme-doc-sidebar-menu'), true);
    assert.equal(hasClass(menu!, 'theme-doc-markdown'), false);
    // The class is written with an entity: the tag's source does not contain the name as such.
    assert.equal(hasClass(encoded!, 'theme-doc-markdown'), true);
    // The name occurs in the tag, but not as a class.
    assert.equal(hasClass(span!, 'theme-doc-markdown'), false);
    assert.equal(findElement(root, (el) => hasClass(el, 'menu__link'))?.tag, 'a');
    assert.deepEqual(encoded!.attrs, {class: 'row theme-doc-markdown'});
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
