/**
 * The glossary card: the parser of the glossary's source (plugins/content/glossary.ts), the rehype
 * plugin's output on a page (plugins/content/rehype-glossary-cards.ts) and the check that stops the
 * build on a link to an anchor the glossary does not have.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import {
  GLOSSARY_FILE,
  brokenGlossaryLinks,
  firstSentence,
  glossaryAnchor,
  inlineParts,
  loadGlossary,
  parseGlossary,
} from '../../plugins/content/glossary';
import rehypeGlossaryCards, { addGlossaryCards } from '../../plugins/content/rehype-glossary-cards';
import { rehypePlugins } from '../../config/content';
import { readEnv } from '../../config/env';
import { CARD_CLASS, MORE_LABEL, TERM_CLASS } from '../../src/shared/glossaryCard';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/glossary/${name}`, import.meta.url), 'utf8');
const glossary = parseGlossary(fixture('glossary.mdx'));

/** A Markdown page compiled by MDX with the plugin, rendered by React as the server renders it. */
async function render(source: string, path = 'versioned_docs/version-9.0/page.md'): Promise<string> {
  const mdx = await import('@mdx-js/mdx');
  const { VFile } = await import('vfile');
  const module = await mdx.evaluate(new VFile({ value: source, path }), {
    ...(runtime as unknown as Parameters<typeof mdx.evaluate>[1]),
    format: 'md',
    remarkPlugins: [remarkGfm],
    rehypePlugins: [[rehypeGlossaryCards, { glossary }]],
  });
  return renderToStaticMarkup(createElement(module.default));
}

test('the parser reads every term with the first sentence of its definition, and every anchor', () => {
  assert.deepEqual(Array.from(glossary.terms.keys()), ['agent', 'global-function', 'signal', 'no-stop']);
  assert.deepEqual(Array.from(glossary.anchors).sort(), ['agent', 'empty', 'global-function', 'glossary', 'letter-a', 'letter-s', 'no-stop', 'signal']);
  // «т. е.» is not the end of the sentence; the paragraph's lines are joined
  assert.equal(glossary.terms.get('agent')!.sentence, 'Программа Monq Agent, которую устанавливают на сервер, т. е. на узел.');
  assert.equal(glossary.terms.get('agent')!.term, 'Агент');
  assert.equal(glossary.terms.get('signal')!.sentence, 'Объект проблемы со временем начала и окончания и критичностью.');
  assert.equal(glossary.terms.get('no-stop')!.sentence, 'Определение без точки в конце');
  // Markdown gone, inline code kept apart
  assert.deepEqual(glossary.terms.get('global-function')!.parts, [
    { text: 'Готовый блок из системной библиотеки, например ' },
    { text: 'CreateSignal', code: true },
    { text: '.' },
  ]);
});

test('a full stop inside code or link text, or before a small letter, does not end the sentence', () => {
  assert.equal(firstSentence('Файл `a. B` и [ссылка. Тут](/x) здесь. Дальше.'), 'Файл `a. B` и [ссылка. Тут](/x) здесь.');
  assert.equal(firstSentence('Версия 9.0 и др. программы. Потом.'), 'Версия 9.0 и др. программы.');
  assert.equal(firstSentence('Тип «ключ — значение». Потом.'), 'Тип «ключ — значение».');
  assert.deepEqual(inlineParts('**Жирный** и *курсив* с \\* звёздочкой'), [{ text: 'Жирный и курсив с * звёздочкой' }]);
});

test('the site\'s glossary: every term has a sentence of its own, short enough for a card', () => {
  const site = loadGlossary(GLOSSARY_FILE);
  assert.ok(site.terms.size >= 90, `${site.terms.size} terms`);
  for (const term of site.terms.values()) {
    assert.match(term.sentence, /^[\p{Lu}\d«]/u, term.id);
    assert.match(term.sentence, /[.!?…»)]$/u, term.id);
    assert.ok(term.sentence.length >= 20 && term.sentence.length <= 240, `${term.id}: ${term.sentence.length}`);
    assert.doesNotMatch(term.sentence, /[[\]`*]|Подробнее:/, term.id);
  }
});

test('the plugin wraps a link of the text with its card; the definition is the link\'s description', async () => {
  const html = await render(fixture('page.md'));
  const first =
    `<span class="${TERM_CLASS}"><a href="/glossary#signal" aria-describedby="monq-term-1">сигнал</a>` +
    `<span class="${CARD_CLASS}" role="tooltip"><span id="monq-term-1">Объект проблемы со временем начала и окончания и критичностью.</span> ` +
    `<a href="/glossary#signal" tabindex="-1">${MORE_LABEL}</a></span></span>`;
  assert.ok(html.includes(first), html);
  // `/glossary/#agent` is a link to the glossary too; inline code stays code in the card
  assert.match(html, /<a href="\/glossary\/#agent" aria-describedby="monq-term-2">агентом<\/a><span class="monq-term__card" role="tooltip"><span id="monq-term-2">Программа/);
  assert.match(html, /<span id="monq-term-3">Готовый блок из системной библиотеки, например <code>CreateSignal<\/code>\.<\/span>/);
  // three cards: none in the heading or the table, none for a letter's anchor or the whole glossary
  assert.equal(html.split(`class="${CARD_CLASS}"`).length - 1, 3);
  assert.match(html, /<h2>Про <a href="\/glossary#signal">сигнал<\/a><\/h2>/);
  assert.match(html, /<td><a href="\/glossary#agent">агент<\/a><\/td>/);
  assert.match(html, /<a href="\/glossary#letter-a">А<\/a>/);
  assert.match(html, /<a href="\/glossary">глоссарий<\/a>/);
});

test('the plugin returns every link to the glossary, with or without a card', () => {
  const tree = {
    type: 'root',
    children: [
      { type: 'element', tagName: 'h2', properties: {}, children: [{ type: 'element', tagName: 'a', properties: { href: '/glossary#signal' }, children: [] }] },
      { type: 'mdxJsxTextElement', name: 'Link', attributes: [{ type: 'mdxJsxAttribute', name: 'to', value: '/glossary#agent' }], children: [] },
      { type: 'element', tagName: 'a', properties: { href: '/docs/guide/' }, children: [] },
    ],
  };
  assert.deepEqual(addGlossaryCards(tree, glossary), ['/glossary#signal', '/glossary#agent']);
});

test('the anchor check names the page and the anchor of a broken link; a broken anchor stops the build', async () => {
  assert.equal(glossaryAnchor('/glossary#signal'), 'signal');
  assert.equal(glossaryAnchor('/glossary/#signal'), 'signal');
  assert.equal(glossaryAnchor('/glossary'), null);
  assert.equal(glossaryAnchor('/docs/glossary#x'), null);
  assert.deepEqual(brokenGlossaryLinks('docs/a.md', ['/glossary#signal', '/glossary#sigal', '/glossary#letter-a', '/x#y'], glossary.anchors), [
    `docs/a.md: the link /glossary#sigal names the anchor #sigal, which ${GLOSSARY_FILE} does not have`,
  ]);
  await assert.rejects(render(fixture('broken.md'), 'versioned_docs/version-8.9/broken.md'), (error: Error) => {
    assert.match(error.message, /versioned_docs\/version-8\.9\/broken\.md: the link \/glossary#sigal names the anchor #sigal/);
    return true;
  });
  // the fixture page has only good anchors
  await render(fixture('page.md'));
});

test('every content plugin runs it (both docs instances and the pages share the list)', () => {
  assert.ok((rehypePlugins(readEnv({})) as unknown[]).includes(rehypeGlossaryCards));
});
