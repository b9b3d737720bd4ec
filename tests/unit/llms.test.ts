/** Markdown for AI assistants: the article → Markdown converter, the twin's address, llms.txt and the full texts. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { articleHtml, articleToMarkdown, escapeText, pageToMarkdown } from '../../plugins/llms/html-to-markdown';
import { llmsFullTxt, llmsTxt, type LlmsBook } from '../../plugins/llms/llms-txt';
import { versionSections } from '../../plugins/llms/index';
import { copyTwin } from '../../src/lib/markdownTwin';
import { twinPath } from '../../src/shared/markdownTwin';

const PAGE = 'https://docs.monq.ru/docs/solutions/automation/rsm-autobuild/';
const md = (html: string, title?: string) => articleToMarkdown(`<div class="theme-doc-markdown markdown">${html}</div>`, { pageUrl: PAGE, title });
/** HTML cut from a built page (tests/fixtures/html, each file names its page). */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/html/${name}`, import.meta.url), 'utf8');

describe('article → Markdown, on HTML cut from built pages', () => {
  test('admonitions: a quoted block opening with the bold title; before a list the title stands alone', () => {
    assert.equal(
      md(fixture('admonition-note.html')),
      '> **Примечание.** Код тестов остаётся в вашем репозитории и написан на вашем фреймворке. Прогон запускает агент Monq, а платформа разбирает его результаты. ' +
        'Что проверить на этих агентах — в статье [Раннеры](https://docs.monq.ru/docs/solutions/exploitation/runners/).\n',
    );
    assert.equal(md(fixture('admonition-list.html')), '> **Внимание.**\n> \n> -   первый пункт\n> -   второй пункт\n');
  });

  test('doc cards: a list of links to the pages, each with its description', () => {
    const lines = md(fixture('doc-cards.html')).split('\n');
    assert.equal(lines.length, 7);
    assert.equal(lines[0], '-   [Интеграции](https://docs.monq.ru/docs/solutions/integrations/) — 4 элемента');
    assert.equal(
      lines[3],
      '-   [Привязка порогов к КЕ](https://docs.monq.ru/docs/solutions/bind-ci-thold-example/) — Пример сценария, который автоматически привязывает пороги к ' +
        'конфигурационным единицам по общему признаку — атрибут КЕ, аннотация правила порогов, слоты покрытия и передача в сценарий сигналов.',
    );
    assert.equal(lines[5], '-   [Эксплуатация](https://docs.monq.ru/docs/solutions/exploitation/) — 4 элемента');
  });

  test('tabs: each label in bold, then its panel, hidden panels included', () => {
    assert.equal(
      md(fixture('tabs.html')),
      '**Linux**\n\nКоманда для **Linux**:\n\n```bash title="install.sh"\nsudo apt install monq-agent # `агент`\n```\n\n**Windows**\n\nКоманда для Windows.\n',
    );
  });

  test('details: the summary in bold, then the hidden text', () => {
    assert.equal(
      md(fixture('details.html')),
      '**Подробнее об *агенте***\n\nСкрытый текст со [ссылкой](https://docs.monq.ru/docs/solutions/automation/rsm-autobuild/#aligned).\n\n-   пункт\n',
    );
  });

  test('code blocks: fenced, with the language and the title, one line per token line', () => {
    const out = md(fixture('code-blocks.html'));
    assert.ok(
      out.startsWith(
        '```bash title="backup.sh"\n# Подставьте имена баз, названные для релиза\nfor db in <имя_базы_1> <имя_базы_2>; do\n' +
          '  pg_dump -h <адрес_сервера_БД> -U <пользователь> -Fc -f "${db}_$(date +%F).dump" "$db"\ndone\n```\n\n',
      ),
      out,
    );
    assert.ok(
      out.endsWith(
        '\n```bash\ncurl -H "Authorization: Bearer <персональный токен>" \\\n  -H "Accept: application/json" \\\n' +
          '  "https://monq.example.ru/api/public/sm/v2/rsm/config-item-types"\n```\n',
      ),
      out,
    );
  });

  test('tables: GFM, header row first, alignment kept, pipes and line breaks inside cells made safe', () => {
    const [signals, aligned] = md(fixture('tables.html')).split('\n\n');
    const rows = signals!.split('\n');
    assert.deepEqual(rows.slice(0, 3), ['| Поле | Тип | По умолчанию | Описание |', '| --- | --- | --- | --- |', '| `name` | string | — | название сигнала |']);
    assert.equal(rows.length, 17, 'header, delimiter and 15 rows: the rows whose end tags the minifier left out stay rows');
    assert.equal(rows[4], '| `severity` | integer | — | [критичность](https://docs.monq.ru/glossary/#severity); в примерах Monq 1 — самая высокая |');
    assert.equal(rows[9], '| `configItemIds` | integer\\[\\] | — | КЕ, к которым относится сигнал |', 'brackets of the text escaped');
    assert.equal(aligned, '| Поле | Тип | Пример |\n| :-- | :-: | --: |\n| `a\\|b` | строка | x \\| y |\n| два | число целое | 1 |\n');
  });

  test('lists (Turndown\'s rule): numbered from the marker, a nested list on the next line, indented under its item', () => {
    assert.equal(
      md(fixture('lists.html')),
      '1.  Войдите в веб-интерфейс стенда под учётной записью администратора и проверьте, что открывается **Оперативный центр**.\n' +
        '2.  Выполните минимальную [первичную настройку](https://docs.monq.ru/docs/get-started/setup/): активируйте лицензию, создайте рабочую группу и добавьте одного-двух пользователей.\n' +
        '3.  Выберите путь быстрого старта:\n' +
        '    -   [мониторинг инфраструктуры](https://docs.monq.ru/docs/get-started/quick-guide/infra/) — если нужно собирать метрики с серверов, сайтов и сетевых устройств агентом Monq;\n' +
        '    -   [зонтичный мониторинг](https://docs.monq.ru/docs/get-started/quick-guide/umbrella/) — если у вас уже работает Zabbix, Prometheus или другая система и нужно собрать её события в одном окне.\n' +
        '4.  Настройте одно оповещение через **Правила и действия**, чтобы увидеть полный цикл обработки проблемы.\n' +
        '5.  Запишите, что получилось, а что потребовало доработки: этот список пригодится при обсуждении промышленного внедрения.\n',
    );
  });

  test('links and images: absolute, on the site address, anchors on the same page included', () => {
    const out = md(fixture('article.html'));
    const targets = [...out.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    assert.ok(targets.length > 10);
    for (const target of targets) assert.match(target, /^https:\/\/docs\.monq\.ru\//, target);
    assert.ok(targets.includes('https://docs.monq.ru/assets/images/rsm-autobuild-fd35a620f3d457b89052b026b2a59f50.svg'));
    assert.ok(targets.includes('https://docs.monq.ru/glossary/#service-model'));
  });

  test('no HTML: anchors, icons, wrappers and comments leave nothing but text', () => {
    const out = md(fixture('article.html'));
    const prose = out.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    assert.doesNotMatch(prose, /<[A-Za-z!/]/);
    assert.doesNotMatch(out, /\u200b|Прямая ссылка|Cut from/);
  });

  test('title: the H1 of the built page opens the twin; without one, the title given', () => {
    const page = fixture('page.html');
    const options = { pageUrl: 'https://docs.monq.ru/docs/8.9/guide/administration/actions-types/', title: 'Заголовок из метаданных' };
    const twin = pageToMarkdown(page, options)!;
    assert.ok(twin.startsWith('# Типы действий\n\n'), twin.slice(0, 80));
    assert.equal(twin.match(/^# /gm)?.length, 1);
    const withoutH1 = pageToMarkdown(page.replace(/<h1[^>]*>[\s\S]*?<\/h1>/, ''), options)!;
    assert.ok(withoutH1.startsWith('# Заголовок из метаданных\n\n'), withoutH1.slice(0, 80));
    assert.equal(withoutH1.slice(withoutH1.indexOf('\n\n')), twin.slice(twin.indexOf('\n\n')));
  });

  test('a whole article gives the twin (tests/fixtures/html/article.md)', () => {
    assert.equal(md(fixture('article.html')), fixture('article.md'));
  });
});

describe('article → Markdown, rules on small inputs', () => {
  test('text that Markdown would read as markup is escaped (Turndown\'s escaping), a tag included: no HTML gets through', () => {
    assert.equal(escapeText('a*b [c] <div> </p> <!-- x --> <имя> 2 < 3 snake_case \\'), 'a\\*b \\[c\\] \\<div> \\</p> \\<!-- x --> <имя> 2 < 3 snake\\_case \\\\');
    assert.equal(md('<p>a*b [c] &lt;div> snake_case <code>[*]</code></p>'), 'a\\*b \\[c\\] \\<div> snake\\_case `[*]`\n');
    assert.equal(md('<p># не заголовок</p><p>1. не список</p><p>- не пункт</p>'), '\\# не заголовок\n\n1\\. не список\n\n\\- не пункт\n');
  });

  test('lists (Turndown\'s rule): tight and loose, nested, ordered with a start', () => {
    assert.equal(
      md('<ol start=3><li>Третий<ul><li>вложенный</li><li>ещё</li></ul></li><li>Четвёртый</li></ol><ul><li><p>Абзац</p><p>ещё</p></li><li><p>Второй</p></li></ul>'),
      '3.  Третий\n    -   вложенный\n    -   ещё\n4.  Четвёртый\n\n-   Абзац\n    \n    ещё\n    \n-   Второй\n',
    );
  });

  test('the title given is the H1 when the article has none', () => {
    assert.equal(md('<p>Текст.</p>', 'Страница'), '# Страница\n\nТекст.\n');
  });

  test('a whole page: the article only, without the doc footer; null without an article', () => {
    const page =
      '<html><body><nav><a href=/>Главная</a></nav><article><div class="theme-doc-markdown markdown"><header><h1>Пороги</h1></header><p>Текст.</p></div>' +
      '<footer class="theme-doc-footer docusaurus-mt-lg"><a class=theme-edit-this-page href=https://github.com/x>Отредактировать</a></footer></article></body></html>';
    assert.ok(articleHtml(page)?.startsWith('<div class="theme-doc-markdown'));
    assert.equal(pageToMarkdown(page, { pageUrl: PAGE }), '# Пороги\n\nТекст.\n');
    assert.equal(pageToMarkdown(page.replace('<footer class="theme-doc-footer', '<footer class="renamed'), { pageUrl: PAGE }), '# Пороги\n\nТекст.\n');
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
