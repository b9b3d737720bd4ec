/**
 * Markdown for AI assistants (plugins/llms): `/llms.txt`, a full text per book, and a Markdown twin of
 * every doc page at its address with `.md` (src/lib/markdownTwin.ts).
 *
 * Full texts: the latest version at the site root (`/llms-full.txt`, where tools look for it), every
 * other book at its own root (`/docs/8.9/llms-full.txt`, `/upgrade/llms-full.txt`).
 */
import type { PluginConfig } from '@docusaurus/types';
import llmsPlugin, { type LlmsBookOptions, type LlmsPluginOptions } from '../plugins/llms/index';
import { LATEST_VERSION, SITE_TITLE } from './site';
import VERSIONS from '../versions.json';

export const LLMS_INDEX_FILE = 'llms.txt';

export function llmsBooks(): LlmsBookOptions[] {
  return [
    ...VERSIONS.map((version) => ({
      pluginId: 'default',
      version,
      label: `Monq ${version}`,
      fullFile: version === LATEST_VERSION ? 'llms-full.txt' : `docs/${version}/llms-full.txt`,
      about:
        version === LATEST_VERSION
          ? `Вся документация текущей версии ${version} одним файлом Markdown, страницы в порядке бокового меню.`
          : `Вся документация версии ${version} одним файлом Markdown, страницы в порядке бокового меню.`,
    })),
    {
      pluginId: 'upgrade',
      version: 'current',
      label: 'Обновления Monq',
      fullFile: 'upgrade/llms-full.txt',
      about: 'Правила обновления, страницы релизов и журналы изменений от 6.0 до последнего релиза одним файлом Markdown.',
    },
  ];
}

export function llmsOptions(): LlmsPluginOptions {
  const older = VERSIONS.filter((version) => version !== LATEST_VERSION);
  return {
    title: SITE_TITLE,
    summary: `Документация Monq — платформы мониторинга и автоматизации для ИТ-служб: зонтичный мониторинг и мониторинг инфраструктуры, сигналы, метрики и пороги, ресурсно-сервисная модель (CMDB), сбор данных агентами, сценарии автоматизации, отчёты и REST API. Текущая версия — ${LATEST_VERSION}; ${older.length > 0 ? `версия ${older.join(', ')} — в своём разделе; ` : ''}заметки об обновлении собраны отдельно.`,
    details: [
      `Документация написана на русском языке. Страницы версии ${LATEST_VERSION} находятся в /docs/, ${older.map((version) => `версии ${version} — в /docs/${version}/`).join(', ')}, правила обновления и журналы изменений — в /upgrade/.`,
      'Ссылки ниже ведут на Markdown-версии страниц. У каждой страницы есть такая версия: уберите из адреса страницы последнюю косую черту и добавьте `.md`, например /docs/guide/thresholds/ → /docs/guide/thresholds.md.',
    ],
    books: llmsBooks(),
    indexFile: LLMS_INDEX_FILE,
  };
}

/** The files plugins/llms writes after all the twins (plugins/deploy waits for them: config/deploy.ts). */
export function llmsFiles(): string[] {
  return [...llmsBooks().map((book) => book.fullFile), LLMS_INDEX_FILE];
}

export function llmsPlugins(): PluginConfig[] {
  return [[llmsPlugin, llmsOptions()]];
}
