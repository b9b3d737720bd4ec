/** Markdown for AI assistants: the article → Markdown converter, the twin's address, llms.txt and the full texts. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { articleHtml, articleToMarkdown, escapeText, pageToMarkdown } from '../../plugins/llms/html-to-markdown';
import { llmsFullTxt, llmsTxt, type LlmsBook } from '../../plugins/llms/llms-txt';
import { versionSections } from '../../plugins/llms/index';
import { copyTwin, twinPath } from '../../src/lib/markdownTwin';

const PAGE = 'https://docs.monq.ru/docs/guide/thresholds/';
const md = (html: string, title?: string) => articleToMarkdown(`<div class="theme-doc-markdown markdown">${html}</div>`, { pageUrl: PAGE, title });

describe('article → Markdown', () => {
  test('title as H1, heading anchors and ids gone, paragraphs and inline marks', () => {
    assert.equal(
      md(
        '<header><h1>Пороги</h1></header><p>Порог — <strong>предел</strong> метрики, <em>см.</em> <code>Level</code>.</p>' +
          '<h2 class="anchor anchorTargetHideOnScrollNavbar_vjPI" id=fields>Поля порога<a href=#fields class=hash-link aria-label="Прямая ссылка" translate=no>\u200b</a></h2>',
      ),
      '# Пороги\n\nПорог — **предел** метрики, *см.* `Level`.\n\n## Поля порога\n',
    );
  });

  test('links and images become absolute; anchors point at the page', () => {
    assert.equal(
      md('<p><a href=/glossary/#threshold>порог</a>, <a href=#binding>ниже</a>, <a href="https://monq.ru/">сайт</a> <img alt="Схема" src=/assets/images/a-1.svg></p>'),
      '[порог](https://docs.monq.ru/glossary/#threshold), [ниже](https://docs.monq.ru/docs/guide/thresholds/#binding), [сайт](https://monq.ru/) ![Схема](https://docs.monq.ru/assets/images/a-1.svg)\n',
    );
  });

  test('admonitions become blockquotes opening with the bold title; the icon is dropped', () => {
    const html =
      '<div class="theme-admonition theme-admonition-note admonition_xJq3 alert alert--secondary"><div class=admonitionHeading_Gvgb>' +
      '<span class=admonitionIcon_Rf37><svg viewBox="0 0 14 16"><path d="M0 0"/></svg></span>Примечание</div>' +
      '<div class=admonitionContent_BuS1><p>Первый абзац.<p>Второй.</div></div>' +
      '<div class="theme-admonition theme-admonition-warning"><div class=admonitionHeading_Gvgb>Внимание!</div><div class=admonitionContent_BuS1><ul><li>пункт</li></ul></div></div>';
    assert.equal(md(html), '> **Примечание.** Первый абзац.\n>\n> Второй.\n\n> **Внимание!**\n>\n> - пункт\n');
  });

  test('doc cards become a list of links with their descriptions', () => {
    const card = (href: string, title: string, description: string) =>
      `<article class="docCardListItem_W1sv col col--6"><a class="card padding--lg theme-doc-card-container cardContainer_fWXF" href=${href}>` +
      `<h2 class="text--truncate cardTitle_rnsV theme-doc-card-heading" title="${title}"><span class=theme-doc-card-icon>📄️</span><span class=theme-doc-card-title>${title}</span></h2>` +
      `<p class="text--truncate cardDescription_PWke theme-doc-card-description" title="${description}">${description}</p></a></article>`;
    assert.equal(
      md(`<section class=row>${card('/docs/solutions/autotests/', 'Автотесты', 'Сквозной пример.')}${card('/docs/solutions/integrations/', 'Интеграции', '4 элемента')}</section>`),
      '- [Автотесты](https://docs.monq.ru/docs/solutions/autotests/) — Сквозной пример.\n- [Интеграции](https://docs.monq.ru/docs/solutions/integrations/) — 4 элемента\n',
    );
  });

  test('code blocks: fenced, with the language and the title, token lines joined', () => {
    const html =
      '<div class="language-yaml codeBlockContainer_Ckt0 theme-code-block"><div class=codeBlockTitle_OeMC>agent.yaml</div><div class=codeBlockContent_QJqH>' +
      '<pre tabindex=0 class="prism-code language-yaml codeBlock_bY9V"><code class=codeBlockLines_e6Vv>' +
      '<div class=token-line><span class="token key atrule">jobs</span><span class="token punctuation">:</span><br/></div>' +
      '<div class=token-line><span class="token plain">  </span><span class="token punctuation">-</span><span class="token plain"> name: &lt;имя&gt; # `x`</span><br/></div>' +
      '</code></pre></div></div>';
    assert.equal(md(html), '```yaml title="agent.yaml"\njobs:\n  - name: <имя> # `x`\n```\n');
  });

  test('tables: GFM, with alignment; pipes escaped; a row or tbody the minifier left open does not leak into a cell', () => {
    const html =
      '<table><thead><tr><th>Поле<th style=text-align:center>Тип<th style=text-align:right>Пример<tbody>' +
      '<tr><td><code>a|b</code><td>строка<td>x | y<tr><td>2. Второе<td><p>число</p><td>1<br>2</table>';
    assert.equal(md(html), '| Поле | Тип | Пример |\n| --- | :-: | --: |\n| `a\\|b` | строка | x \\| y |\n| 2. Второе | число | 1 2 |\n');
  });

  test('lists: tight and loose, nested, ordered with a start', () => {
    assert.equal(
      md('<ol start=3><li>Третий<ul><li>вложенный</li></ul></li><li>Четвёртый</li></ol><ul><li><p>Абзац</p><p>ещё</p></li><li><p>Второй</p></li></ul>'),
      '3. Третий\n   - вложенный\n4. Четвёртый\n\n- Абзац\n\n  ещё\n\n- Второй\n',
    );
  });

  test('tabs are flattened: each label in bold, then its panel; details: the summary in bold', () => {
    const html =
      '<div class="tabs-container tabList_x"><ul role=tablist class=tabs><li role=tab class=tabs__item>Linux</li><li role=tab class=tabs__item>Windows</li></ul>' +
      '<div class=margin-top--md><div role=tabpanel><p>Команда для Linux.</div><div role=tabpanel hidden><p>Команда для Windows.</div></div></div>' +
      '<details><summary>Подробнее</summary><div><p>Скрытый текст.</p></div></details>';
    assert.equal(md(html), '**Linux**\n\nКоманда для Linux.\n\n**Windows**\n\nКоманда для Windows.\n\n**Подробнее**\n\nСкрытый текст.\n');
  });

  test('no HTML in the output: unknown elements give their text, buttons and scripts are dropped', () => {
    const out = md('<p>До <span class=x>текста</span> <kbd>Ctrl</kbd><button>Копировать</button><iframe src=/x></iframe><script>alert(1)</script></p>');
    assert.equal(out, 'До текста `Ctrl`\n');
  });

  test('text that Markdown would read as markup is escaped', () => {
    assert.equal(escapeText('a*b [c] <div> snake_case _x_ &amp; \\', false), 'a\\*b \\[c\\] \\<div> snake_case \\_x\\_ \\&amp; \\\\');
    assert.equal(escapeText('a|b', true), 'a\\|b');
    assert.equal(md('<p># не заголовок</p><p>1. не список</p><p>- не пункт</p>'), '\\# не заголовок\n\n1\\. не список\n\n\\- не пункт\n');
  });

  test('the title given is the H1 when the article has none', () => {
    assert.equal(md('<p>Текст.</p>', 'Страница'), '# Страница\n\nТекст.\n');
  });

  test('a whole page: the article is read up to the doc footer', () => {
    const page =
      '<html><body><nav><a href=/>Главная</a></nav><article><div class="theme-doc-markdown markdown"><header><h1>Пороги</h1></header><p>Текст.</p></div>' +
      '<footer class="theme-doc-footer docusaurus-mt-lg"><a class=theme-edit-this-page href=https://github.com/x>Отредактировать</a></footer></article></body></html>';
    assert.ok(articleHtml(page)?.startsWith('<div class="theme-doc-markdown'));
    assert.equal(pageToMarkdown(page, { pageUrl: PAGE }), '# Пороги\n\nТекст.\n');
    assert.equal(pageToMarkdown('<html><body><p>404</p></body></html>', { pageUrl: PAGE }), null);
  });
});

describe('the twin of a page', () => {
  test('is the address without its closing slash, plus .md', () => {
    assert.equal(twinPath('/docs/guide/thresholds/'), '/docs/guide/thresholds.md');
    assert.equal(twinPath('/docs/guide/'), '/docs/guide.md');
    assert.equal(twinPath('/docs/8.9/get-started/?x=1#top'), '/docs/8.9/get-started.md');
    assert.equal(twinPath('/upgrade/v9/index.html'), '/upgrade/v9.md');
  });

  test('copyTwin puts the fetched text on the clipboard (pending item, or the text when items are not supported)', async () => {
    const load = async () => new Response('# Пороги\n');
    const written: string[] = [];
    const textOnly = { writeText: async (value: string) => void written.push(value) };
    await copyTwin('/docs/guide/thresholds.md', textOnly, load, undefined);
    assert.deepEqual(written, ['# Пороги\n']);

    class Item {
      constructor(readonly items: Record<string, Promise<Blob>>) {}
    }
    const withItems = {
      writeText: async () => assert.fail('the pending item is used'),
      write: async (items: Item[]) => void written.push(await (await items[0]!.items['text/plain']!).text()),
    };
    await copyTwin('/x.md', withItems as never, load, Item as never);
    assert.deepEqual(written, ['# Пороги\n', '# Пороги\n']);

    await assert.rejects(copyTwin('/missing.md', textOnly, async () => new Response('nope', { status: 404 }), undefined));
  });
});

describe('llms.txt and the full texts', () => {
  const book: LlmsBook = {
    label: 'Monq 9.0',
    fullFile: '/llms-full.txt',
    about: 'Вся документация версии 9.0.',
    sections: [
      {
        title: 'Monq 9.0 — Руководство',
        docs: [
          { title: 'Руководство', description: 'Обзор\nразделов.', permalink: '/docs/guide/' },
          { title: 'Пороги [метрик]', description: '', permalink: '/docs/guide/thresholds/' },
        ],
      },
      { title: 'Пустой', docs: [] },
    ],
  };

  test('llms.txt: H1, summary blockquote, details, H2 sections of links to the twins, Optional with the full texts', () => {
    const text = llmsTxt({ title: 'Monq Docs', summary: 'Документация\nMonq.', details: ['Абзац.'], books: [book] }, 'https://docs.monq.ru');
    assert.equal(
      text,
      [
        '# Monq Docs',
        '',
        '> Документация Monq.',
        '',
        'Абзац.',
        '',
        '## Monq 9.0 — Руководство',
        '',
        '- [Руководство](https://docs.monq.ru/docs/guide.md): Обзор разделов.',
        '- [Пороги \\[метрик\\]](https://docs.monq.ru/docs/guide/thresholds.md)',
        '',
        '## Optional',
        '',
        '- [Monq 9.0: полный текст](https://docs.monq.ru/llms-full.txt): Вся документация версии 9.0.',
        '',
      ].join('\n'),
    );
  });

  test('a full text: head, then each page under a thematic break with its address under the title', () => {
    const [guide, thresholds] = book.sections[0]!.docs;
    const text = llmsFullTxt(
      book,
      [
        { doc: guide!, markdown: '# Руководство\n\nТекст.\n' },
        { doc: thresholds!, markdown: '# Пороги\n\n## Поля\n\nПоле\n' },
      ],
      'https://docs.monq.ru',
    );
    assert.equal(
      text,
      '# Monq 9.0: полный текст\n\n> Вся документация версии 9.0.\n\n---\n\n' +
        '# Руководство\n\nАдрес страницы: https://docs.monq.ru/docs/guide/\n\nТекст.\n\n---\n\n' +
        '# Пороги\n\nАдрес страницы: https://docs.monq.ru/docs/guide/thresholds/\n\n## Поля\n\nПоле\n',
    );
  });

  test('sections follow the sidebar: categories in order with their own page first, pages outside the sidebar last, unlisted left out', () => {
    const doc = (id: string, extra: { unlisted?: boolean } = {}) => ({ id, title: id, description: '', permalink: `/docs/${id}/`, ...extra });
    const sections = versionSections(
      {
        versionName: '9.0',
        docs: [doc('intro'), doc('guide/index'), doc('guide/a'), doc('guide/b'), doc('orphan'), doc('hidden', { unlisted: true })],
        sidebars: {
          docs: [
            { type: 'doc', id: 'intro' },
            { type: 'category', label: 'Руководство', link: { type: 'doc', id: 'guide/index' }, items: [{ type: 'doc', id: 'guide/b' }, { type: 'doc', id: 'guide/a' }] },
          ],
        },
      },
      'Monq 9.0',
    );
    assert.deepEqual(
      sections.map((section) => [section.title, section.docs.map((d) => d.title)]),
      [
        ['Monq 9.0', ['intro']],
        ['Monq 9.0 — Руководство', ['guide/index', 'guide/b', 'guide/a']],
        ['Monq 9.0 — страницы вне бокового меню', ['orphan']],
      ],
    );
  });
});
