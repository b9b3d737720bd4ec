/**
 * The synonym groups of `config/search-synonyms.txt` that tie English words and colloquial verbs to
 * the words the 9.0 pages use: each group parses, a query of any one member expands to all the
 * others, its formal Russian member occurs in at least one 9.0 page, and no member is in two groups.
 */
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {describe, it} from 'node:test';
import {expandQuery, prepareSynonyms, queryWords, type SynonymTable} from '../../src/shared/search/engine';
import {parseSynonyms} from '../../src/shared/search/forgiving';
import {indexTerms, queryTerms} from '../../src/shared/search/text';

const SYNONYMS_FILE = 'config/search-synonyms.txt';
const DOCS_90 = 'versioned_docs/version-9.0';

/** New groups: the formal Russian word of the pages first, then the other members. */
const NEW_GROUPS: string[][] = [
  // Сигналы и пороги
  ['первичное событие', 'primary event', 'raw event'],
  ['критичность', 'severity', 'criticality'],
  ['триггер', 'trigger'],
  ['прогноз порога', 'прогноз', 'threshold forecast', 'forecast'],
  ['метка', 'label', 'лейбл'],
  ['тег', 'тэг', 'tag'],
  ['эскалация', 'escalation'],
  ['дежурная смена', 'дежурный', 'дежурство', 'on-call'],
  // Ресурсно-сервисная модель
  ['тип КЕ', 'CI type'],
  ['компонент', 'component'],
  ['метамодель', 'metamodel'],
  ['топология', 'topology'],
  ['автопостроение', 'автообнаружение', 'autodiscovery', 'auto discovery', 'discovery'],
  ['жизненный цикл', 'lifecycle', 'life cycle'],
  ['сервисный режим', 'режим обслуживания', 'обслуживание', 'плановые работы', 'техработы', 'maintenance mode', 'maintenance'],
  ['доступность', 'availability', 'uptime', 'SLA'],
  ['покрытие мониторингом', 'покрытие', 'monitoring coverage', 'coverage'],
  ['информационная система', 'information system'],
  ['оперативный центр', 'operations center'],
  // Сбор данных
  ['коллектор', 'collector'],
  ['мост метрик', 'metric bridge'],
  ['шаблон конфигурации', 'configuration template'],
  ['тракт обработки данных', 'data pipeline'],
  ['задание', 'job', 'task', 'джоба'],
  ['координатор', 'coordinator'],
  ['слот', 'slot'],
  ['артефакт', 'artifact', 'artefact'],
  ['индекс', 'index'],
  ['мониторинг', 'monitoring'],
  ['зонтичный мониторинг', 'umbrella monitoring', 'umbrella'],
  ['интеграция', 'integration'],
  // Автоматизация и процессы
  ['раннер', 'runner'],
  ['сборка', 'build'],
  ['автоматизация', 'automation'],
  ['аннотация', 'annotation'],
  ['переменная', 'variable'],
  ['планировщик', 'scheduler'],
  ['расписание', 'schedule', 'cron'],
  ['контент-пак', 'content pack'],
  ['правила и действия', 'action rule', 'rules and actions'],
  ['действие', 'action'],
  ['контакт', 'contact'],
  ['рассылка', 'mailing list', 'distribution list'],
  ['тип доставки', 'канал доставки', 'канал уведомлений', 'delivery type'],
  ['электронная почта', 'почта', 'email', 'e-mail', 'имейл'],
  ['мессенджер', 'messenger'],
  // Пространство, пользователи и доступ
  ['пространство', 'userspace', 'user space', 'tenant'],
  ['группа пользователей', 'user group'],
  ['пакет прав', 'набор прав', 'permission package', 'permission set'],
  ['токен', 'token'],
  ['API-ключ', 'ключ API', 'API key', 'апи ключ'],
  ['профиль', 'profile'],
  ['пароль', 'password'],
  ['лицензионный ключ', 'ключ лицензии', 'license key'],
  ['лимит', 'limit', 'квота', 'quota'],
  // Платформа и окружение
  ['кластер', 'cluster'],
  ['виртуальная машина', 'ВМ', 'виртуалка', 'VM', 'virtual machine'],
  ['пространство имён', 'namespace', 'неймспейс'],
  ['хранилище', 'storage'],
  ['кэш', 'кеш', 'cache'],
  ['прокси', 'proxy'],
  // Как говорят читатели и как пишут страницы
  ['сервис-деск', 'service desk', 'ServiceDesk', 'сервисдеск'],
  ['импорт', 'import'],
  ['подключить', 'подключение', 'прикрутить'],
  ['создать', 'создание', 'завести', 'create'],
  ['загрузить', 'залить', 'upload'],
  ['отправить', 'отправка', 'скинуть', 'send'],
  ['исправить', 'починить', 'пофиксить', 'fix'],
  ['запустить', 'запуск', 'стартануть', 'run'],
  ['перезапустить', 'перезапуск', 'рестарт', 'restart'],
  ['отключить', 'выключить', 'вырубить', 'disable'],
  ['поиск', 'найти', 'искать', 'search', 'find'],
  ['скачать', 'download'],
  ['войти', 'залогиниться', 'login', 'sign in'],
  ['развёртывание', 'деплой', 'задеплоить', 'deploy'],
  ['миграция', 'мигрировать', 'переезд', 'migration'],
  ['настроить', 'настройка', 'настраивать', 'сконфигурировать', 'configure', 'settings'],
  ['проверить', 'проверка', 'чекнуть', 'check'],
  ['поделиться', 'общий доступ', 'расшарить', 'share'],
  ['отозвать', 'revoke'],
  ['доступ', 'access'],
  ['по умолчанию', 'дефолт', 'default'],
  ['фильтр', 'filter'],
  ['типичные проблемы', 'типичные ошибки', 'типичные сбои', 'troubleshooting', 'траблшутинг'],
];

/** Groups that were already in the file and got new members: the formal word, then the new members. */
const EXTENDED_GROUPS: string[][] = [
  ['сигнал', 'incident'],
  ['связь КЕ', 'link'],
  ['поток данных', 'поток', 'stream'],
  ['сборщик данных', 'сборщик', 'data collector'],
  ['автотест', 'функциональный мониторинг', 'functional monitoring'],
  ['рабочая группа', 'РГ'],
  ['администратор', 'administrator'],
  ['уведомление', 'нотификация'],
  ['ICMP', 'пингануть', 'пинговать'],
  ['удалить', 'выпилить', 'снести', 'delete', 'remove'],
  ['изменить', 'редактировать', 'поправить', 'edit'],
  ['учётная запись', 'account'],
  ['экспорт', 'export'],
  ['заявка', 'ticket'],
];

const groups = parseSynonyms(readFileSync(SYNONYMS_FILE, 'utf8'));
const table = prepareSynonyms(groups);

/** A member as the search compares it: its query terms. */
const termsOf = (member: string): string => queryTerms(member).join(' ');

/** The group of the file (as parsed and as prepared) that holds `member`. */
function groupOf(member: string): {members: string[]; prepared: string[][]} {
  const key = termsOf(member);
  const found = groups.filter((group) => group.some((other) => termsOf(other) === key));
  assert.equal(found.length, 1, `«${member}» is in exactly one group of ${SYNONYMS_FILE} (found ${found.length})`);
  const prepared = table.groups.find((group) => group.some((terms) => terms.join(' ') === key));
  assert.ok(prepared, `«${member}» is in the prepared synonym table`);
  return {members: found[0]!, prepared};
}

/** The alternatives a query of one member gets: it must be matched as one slot. */
function expansionOf(member: string, synonyms: SynonymTable): Set<string> {
  const slots = expandQuery(queryWords(member), null, synonyms);
  assert.equal(slots.length, 1, `«${member}» is matched as one member, not word by word`);
  return new Set(slots[0]!.alternatives.map((alternative) => alternative.terms.join(' ')));
}

/** The index terms of every 9.0 page. */
function pagesTerms(): string[][] {
  const pages: string[][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/.test(entry.name)) pages.push(indexTerms(readFileSync(path, 'utf8')));
    }
  };
  walk(DOCS_90);
  return pages;
}

let pagesCache: string[][] | null = null;

/** Whether a page holds the member's terms in a row (the last one as a prefix, as the search matches it). */
function occursInPages(member: string): boolean {
  pagesCache ??= pagesTerms();
  const terms = queryTerms(member);
  const last = terms.length - 1;
  return pagesCache.some((page) => {
    for (let i = 0; i + terms.length <= page.length; i++) {
      if (terms.every((term, k) => (k === last ? page[i + k]!.startsWith(term) : page[i + k] === term))) return true;
    }
    return false;
  });
}

function checkGroup(formal: string, expected: string[]): void {
  const {members, prepared} = groupOf(formal);
  const keys = members.map(termsOf);
  for (const member of expected) {
    assert.ok(keys.includes(termsOf(member)), `«${member}» is in the group of «${formal}»: ${members.join(' / ')}`);
  }
  assert.equal(prepared.length, members.length, `every member of «${formal}» has search terms (none is only stop words)`);
  for (const member of members) {
    const alternatives = expansionOf(member, table);
    for (const other of members) {
      assert.ok(alternatives.has(termsOf(other)), `a search for «${member}» also looks for «${other}»`);
    }
  }
  assert.ok(occursInPages(formal), `«${formal}» occurs in a page under ${DOCS_90}: the group leads somewhere`);
}

describe('new synonym groups: English words and colloquial verbs', () => {
  for (const [formal, ...others] of NEW_GROUPS) {
    it(`${formal} / ${others.join(' / ')}`, () => {
      checkGroup(formal!, [formal!, ...others]);
      const {members} = groupOf(formal!);
      assert.equal(members.length, others.length + 1, `the group of «${formal}» holds exactly the listed members`);
    });
  }
});

describe('existing synonym groups with new members', () => {
  for (const [formal, ...added] of EXTENDED_GROUPS) {
    it(`${formal} + ${added.join(' / ')}`, () => checkGroup(formal!, added));
  }
});

describe('synonym file as a whole', () => {
  it('puts no member in two groups (a search for it would pull in both)', () => {
    const owners = new Map<string, Set<number>>();
    for (const entries of table.byFirst.values()) {
      for (const {keys, group} of entries) {
        const key = keys.join(' ');
        owners.set(key, (owners.get(key) ?? new Set()).add(group));
      }
    }
    const shared = Array.from(owners)
      .filter(([, owning]) => owning.size > 1)
      .map(([key, owning]) => `«${key}»: ${Array.from(owning, (g) => table.groups[g]!.map((t) => t.join(' ')).join(' / ')).join(' | ')}`);
    assert.deepEqual(shared, []);
  });

  it('lists every new group once and does not repeat a group', () => {
    const formals = [...NEW_GROUPS, ...EXTENDED_GROUPS].map(([formal]) => groupOf(formal!).members.join(' / '));
    assert.equal(new Set(formals).size, formals.length);
  });
});
