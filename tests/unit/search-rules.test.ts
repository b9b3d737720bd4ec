/**
 * The search rules of issue 49 on a small site of their own: a Latin name typed whole in the Russian
 * layout with one typo more, a typo next to a common word, a typo inside a long identifier, a how-to
 * question that names a page's title, and the abbreviations of the glossary's terms.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {after, before, describe, it} from 'node:test';
import {glossaryAbbreviations} from '../../plugins/search-index/glossary';
import {abbreviationPages} from '../../plugins/search-index/index';
import {createLocalSearchClient, howToParts, howToTitleMatch, type LocalSearchClient} from '../../src/search/localClient';
import {buildFixtureSite, heading, ORIGIN, type FixturePage, type FixtureSite} from '../fixtures/search/corpus';
import {searchPlugins} from '../../config/search';
import {CHANGES_BASE} from '../../config/changes';
import {readEnv} from '../../config/env';

const FILTERS = ['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-9.0']];
const P = (text: string) => `<p>${text}</p>`;

function page(route: string, title: string, body: string): FixturePage {
  return {route, tag: 'docs-default-9.0', version: '9.0', section: 'Руководство', title, body};
}

const many = (word: string, times: number) => Array.from({length: times}, () => word).join(' ');

const PAGES: FixturePage[] = [
  page('/docs/guide/thresholds/', 'Пороги', P('Порог задаёт границу значения метрики. Для порога задаётся настройка уровней.')),
  // «настройка» is on every page, «порог» on three: the common word and the rare one.
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) =>
    page(
      `/docs/guide/setup-${n}/`,
      `Настройка раздела ${n}`,
      P(`${many('Настройка', 6)} раздела.${n <= 2 ? ' Здесь порог упомянут один раз.' : ''}`),
    ),
  ),
  page('/docs/solutions/nagios/', 'Nagios', P('Nagios отправляет события в поток данных.')),
  page('/docs/automation/signals/', 'Функции сигналов', `${heading(2, 'create', 'CreateSignalExpanded')}${P('Функция CreateSignalExpanded создаёт сигнал.')}`),
  page('/docs/reference/hosts/', 'Метки', P('Метка ZabbixHosts хранит узлы.')),
  page('/docs/get-started/add-admins/', 'Добавление администраторов', P('Назначьте администраторов пространства.')),
  page('/docs/guide/admins/', 'Администраторы', P('Администраторы управляют пространством. Добавить администраторов можно в меню.')),
  page('/docs/guide/menu/', 'Меню администрирования', `${heading(2, 'add', 'Добавить администраторов и пользователей')}${P('Добавить администраторов: откройте меню.')}`),
  page('/docs/reference/api/ci/', 'API конфигурационных единиц', P(`${many('КЕ', 8)}: методы API для КЕ.`)),
  page('/docs/guide/service-model/', 'Ресурсно-сервисная модель', P('Конфигурационная единица (КЕ) — элемент модели.')),
];

describe('search rules (issue 49)', () => {
  let site: FixtureSite;
  let client: LocalSearchClient;
  let plain: FixtureSite;
  let plainClient: LocalSearchClient;
  const search = async (query: string, on: LocalSearchClient = client) => {
    const {results} = await on.search({requests: [{query, hitsPerPage: 30, facetFilters: FILTERS}]});
    return results[0]!;
  };
  const pages = (hits: Array<{url_without_anchor: string}>) => hits.map((hit) => hit.url_without_anchor.slice(ORIGIN.length));

  before(async () => {
    const abbreviations = [{abbreviation: 'КЕ', term: 'Конфигурационная единица', path: '/docs/guide/service-model'}];
    site = await buildFixtureSite(PAGES, {abbreviations});
    client = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: site.fetch});
    plain = await buildFixtureSite(PAGES);
    plainClient = createLocalSearchClient({manifestUrl: '/search/manifest.json', siteOrigin: ORIGIN, fetch: plain.fetch});
  });
  after(async () => {
    await site.cleanup();
    await plain.cleanup();
  });

  it('switches a whole Latin name typed in the Russian layout, then forgives one typo in it', async () => {
    // «тфпшщыы» is «nagioss» in the Russian layout: no word as typed, none as switched, one typo from «nagios».
    const result = await search('тфпшщыы');
    assert.equal(result.shownQuery, 'nagioss');
    assert.equal(pages(result.hits)[0], '/docs/solutions/nagios/');
    const inQuery = await search('события тфпшщыы');
    assert.equal(inQuery.shownQuery, 'события nagioss');
    assert.equal(pages(inQuery.hits)[0], '/docs/solutions/nagios/');
  });

  it('counts a typo next to a common word as the word it stands for, the rare word weighing more', async () => {
    // A transposed pair of letters in the rare word; the common word is on every page.
    const typo = await search('пороиг настройка');
    assert.equal(typo.matchMode, 'and');
    assert.equal(pages(typo.hits)[0], '/docs/guide/thresholds/', pages(typo.hits).slice(0, 3).join(' '));
  });

  it('allows one typo in an identifier of 12 letters or more, when nothing matches as typed', async () => {
    assert.equal(pages((await search('CreateSignalExpnded')).hits)[0], '/docs/automation/signals/');
    assert.equal((await search('ZabixHosts')).nbHits, 0, 'an identifier under 12 letters stays exact');
  });

  it('ranks first the page whose title is the task of a how-to question', async () => {
    assert.deepEqual(howToParts('как добавить администраторов'), {verb: 'добавить', rest: 'администраторов'});
    assert.equal(howToParts('добавить администраторов'), null);
    assert.equal(howToTitleMatch('добавить', 'администраторов', 'Добавление администраторов'), 2);
    assert.equal(howToTitleMatch('добавить', 'администраторов', 'Администраторы'), 1);
    assert.equal(howToTitleMatch('добавить', 'администраторов', 'Меню администрирования'), 0);
    assert.equal(howToTitleMatch('установить', 'агента', 'Шаг 1. Установка агента'), 2);
    const result = await search('как добавить администраторов');
    assert.deepEqual(pages(result.hits).slice(0, 2), ['/docs/get-started/add-admins/', '/docs/guide/admins/']);
  });

  it('ranks the guide that explains an abbreviation of the glossary above the pages that use it', async () => {
    assert.equal(pages((await search('КЕ', plainClient)).hits)[0], '/docs/reference/api/ci/', 'without the glossary rule');
    assert.equal(pages((await search('КЕ')).hits)[0], '/docs/guide/service-model/');
  });

  it('reads the abbreviations from the glossary: initials the glossary uses, leading to the linked guide', () => {
    const glossary = [
      '### Конфигурационная единица {#configuration-item}',
      '',
      'КЕ (конфигурационная единица) хранится в CMDB. Подробнее: [РСМ и CMDB](/docs/guide/service-model-cmdb).',
      '',
      '### Рабочая группа {#workgroup}',
      '',
      'Команда. РГ-владелец объекта. Подробнее: [Рабочие группы](/docs/guide/workgroups/).',
      '',
      '### Сигнал {#signal}',
      '',
      'Объект проблемы. Подробнее: [Сигналы](/docs/guide/signals).',
    ].join('\n');
    assert.deepEqual(glossaryAbbreviations(glossary), [
      {abbreviation: 'КЕ', term: 'Конфигурационная единица', path: '/docs/guide/service-model-cmdb'},
      {abbreviation: 'РГ', term: 'Рабочая группа', path: '/docs/guide/workgroups'},
    ]);
    const real = glossaryAbbreviations(readFileSync('src/pages/glossary.mdx', 'utf8')).map(({abbreviation}) => abbreviation);
    assert.ok(real.includes('КЕ') && real.includes('РГ'), real.join(' '));
    const indexed = [{u: '/docs/8.9/guide/workgroups/', s: '', t: 'Рабочие группы'}];
    assert.deepEqual(abbreviationPages(glossaryAbbreviations(glossary), indexed, '/', '8.9'), {рг: 0});
  });

  it('leaves the overview of what changed in 9.0 out of the index', () => {
    const [plugin] = searchPlugins(readEnv({}));
    const options = (plugin as [unknown, {excludeRoutes?: string[]}])[1];
    assert.ok(options.excludeRoutes?.includes(CHANGES_BASE));
  });
});
