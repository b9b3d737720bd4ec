/** plugins/docs-slim: descriptions leave the version chunk and reach the index pages that show them. */
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { CARD_DESCRIPTIONS_PROP, descriptionsBelow, isIndexDoc, slimRoute, type RouteLike } from '../../plugins/docs-slim/routes';
import { cardDescription, cardItem } from '../../src/lib/cardDescriptions';

const v90 = [
  { id: 'guide/index', permalink: '/docs/guide/', description: 'Руководство' },
  { id: 'guide/signals', permalink: '/docs/guide/signals/', description: 'Сигналы' },
  { id: 'guide/cmdb/index', permalink: '/docs/guide/cmdb/', description: 'Модель сервисов' },
  { id: 'guide/cmdb/types', permalink: '/docs/guide/cmdb/types/', description: 'Типы КЕ' },
  { id: 'glossary-like', permalink: '/docs/guidelines/', description: 'Не в разделе guide' },
];
const v89 = [
  { id: 'guide/index', permalink: '/docs/8.9/guide/', description: 'Руководство 8.9' },
  { id: 'guide/signals', permalink: '/docs/8.9/guide/signals/', description: 'Сигналы 8.9' },
];

test('an index page carries the descriptions of the docs right below it, not deeper, not a sibling prefix', () => {
  assert.equal(isIndexDoc(v90[0]!), true);
  assert.equal(isIndexDoc(v90[1]!), false);
  assert.deepEqual(descriptionsBelow(v90[0]!, v90), { '/docs/guide/signals/': 'Сигналы' });
  assert.deepEqual(descriptionsBelow(v90[2]!, v90), { '/docs/guide/cmdb/types/': 'Типы КЕ' });
});

test('the version metadata loses its docs map; index routes of each version get their descriptions', () => {
  const version = {
    path: '/docs/',
    props: { version: { version: '9.0', docs: Object.fromEntries(v90.map((d) => [d.id, { id: d.id, title: d.id, description: d.description, sidebar: 'docs' }])) } },
    routes: [
      {
        path: '/docs/',
        routes: [
          { path: '/docs/guide/', component: '@theme/DocItem' },
          { path: '/docs/guide/signals/', component: '@theme/DocItem' },
          { path: '/docs/8.9/guide/', component: '@theme/DocItem' },
        ],
      },
    ],
  } satisfies RouteLike;
  const slim = slimRoute(version, [v90, v89]);
  const docs = (slim.props?.version as { docs: Record<string, Record<string, unknown>> }).docs;
  assert.deepEqual(docs, {});
  assert.equal((slim.props?.version as { version: string }).version, '9.0', 'the rest of the version stays');
  const [guide, signals, guide89] = slim.routes?.[0]?.routes ?? [];
  assert.deepEqual(guide?.props?.[CARD_DESCRIPTIONS_PROP], { '/docs/guide/signals/': 'Сигналы' });
  assert.equal(signals?.props, undefined, 'a page that is not an index gets nothing');
  assert.deepEqual(guide89?.props?.[CARD_DESCRIPTIONS_PROP], { '/docs/8.9/guide/signals/': 'Сигналы 8.9' });
  assert.equal((version.props.version.docs['guide/signals'] as { description?: string }).description, 'Сигналы', 'the input is not changed');
});

test('a card shows its own description first, else the one its index page carries', () => {
  const descriptions = { '/docs/guide/signals/': 'Сигналы' };
  const link = { type: 'link' as const, href: '/docs/guide/signals/', label: 'Сигналы', docId: 'guide/signals', unlisted: false };
  assert.equal(cardDescription(link, descriptions), 'Сигналы');
  assert.equal(cardDescription({ ...link, href: '/docs/guide/signals' }, descriptions), 'Сигналы');
  assert.equal(cardDescription({ ...link, description: 'Своё' }, descriptions), 'Своё');
  assert.equal(cardDescription({ ...link, href: '/docs/other/' }, descriptions), undefined);
});

test('no code that reaches the browser reads the docs map: the theme\'s doc card, the only caller of useDocById, gets no id', () => {
  const roots = ['@docusaurus/theme-classic/lib', '@docusaurus/theme-common/lib', '@docusaurus/plugin-content-docs/lib/client', '@docusaurus/theme-search-algolia/lib'];
  const files = [
    ...roots.flatMap((root) => {
      const dir = fileURLToPath(new URL(`../../node_modules/${root}/`, import.meta.url));
      return (readdirSync(dir, { recursive: true }) as string[]).filter((file) => /\.js$/.test(file)).map((file) => dir + file);
    }),
    ...(readdirSync(fileURLToPath(new URL('../../src/', import.meta.url)), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => fileURLToPath(new URL(`../../src/${file}`, import.meta.url))),
  ];
  const callers = files
    .filter((file) => /\buseDocById\(/.test(readFileSync(file, 'utf8')))
    .map((file) => file.replace(/^.*node_modules[\\/]/, '').replace(/^.*[\\/]src[\\/]/, 'src/'));
  assert.deepEqual(callers.sort(), ['@docusaurus/plugin-content-docs/lib/client/docsUtils.js', '@docusaurus/theme-classic/lib/theme/DocCard/index.js']);
  // docsUtils.js defines it; the theme's card calls it with `item.docId`, which src/theme/DocCard removes.
  assert.match(readFileSync(fileURLToPath(new URL('../../src/theme/DocCard/index.tsx', import.meta.url)), 'utf8'), /item=\{cardItem\(/);
  const link = { type: 'link' as const, href: '/docs/guide/signals/', label: 'Сигналы', docId: 'guide/signals', unlisted: false };
  assert.deepEqual(cardItem(link, { '/docs/guide/signals/': 'Сигналы' }), { ...link, docId: undefined, description: 'Сигналы' });
  assert.deepEqual(cardItem(link, {}), { ...link, docId: undefined });
  const category = { type: 'category' as const, label: 'Раздел', items: [], collapsed: true, collapsible: true };
  assert.equal(cardItem(category, {}), category);
});
