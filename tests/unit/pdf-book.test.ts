import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pagePath, readSidebar, sidebarSections, type PropSidebarItem } from '../../scripts/lib/pdf-sidebar';
import { russianDate } from '../../scripts/lib/pdf-finish';
import { PDF_BOOKS, pdfHref } from '../../config/pdf';

const sidebar: PropSidebarItem[] = [
  { type: 'link', href: '/upgrade/upgrade-policies', label: 'Правила обновления', docId: 'upgrade-policies' },
  {
    type: 'category',
    label: 'Monq 9',
    href: '/upgrade/v9/',
    items: [
      { type: 'link', href: '/upgrade/v9/v9-0-0', label: 'Релиз 9.0.0', docId: 'v9/v9-0-0' },
      {
        type: 'category',
        label: 'Журнал изменений',
        items: [{ type: 'link', href: '/upgrade/v9/changelog/v9-0-6', label: 'Обновление 9.0.6', docId: 'v9/changelog/v9-0-6' }],
      },
      { type: 'link', href: 'https://v8.docs.monq.ru', label: 'Архив' },
      { type: 'html', value: '<hr>' },
      { type: 'link', href: '/upgrade/v9/', label: 'Monq 9 again', docId: 'v9/index' },
    ],
  },
];

test('pagePath: a page has one form, with the trailing slash of the built site', () => {
  assert.equal(pagePath('/docs/a/b'), '/docs/a/b/');
  assert.equal(pagePath('/docs/a/b/'), '/docs/a/b/');
  assert.equal(pagePath('/docs/a/b/index.html'), '/docs/a/b/');
});

test('sidebarSections: sidebar order, depth, parts without a page, outside links and repeats left out', () => {
  const sections = sidebarSections(sidebar);
  assert.deepEqual(
    sections.map(({ key, title, depth, path, children }) => [key, title, depth, path, children]),
    [
      ['s1', 'Правила обновления', 0, '/upgrade/upgrade-policies/', []],
      ['s2', 'Monq 9', 0, '/upgrade/v9/', ['s3', 's4']],
      ['s3', 'Релиз 9.0.0', 1, '/upgrade/v9/v9-0-0/', []],
      ['s4', 'Журнал изменений', 1, null, ['s5']],
      ['s5', 'Обновление 9.0.6', 2, '/upgrade/v9/changelog/v9-0-6/', []],
    ],
  );
});

test('readSidebar: finds the version among the docs plugin output, and says to build first when it is missing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-sidebar-'));
  try {
    assert.throws(() => readSidebar(dir, 'default', '9.0', 'docs'), /npm run build/);
    const props = join(dir, 'docusaurus-plugin-content-docs', 'default', 'p');
    mkdirSync(props, { recursive: true });
    writeFileSync(join(props, 'docs-8-9-guide-1.json'), JSON.stringify({ cardDescriptions: {} }));
    writeFileSync(join(props, 'docs-8-9-2.json'), JSON.stringify({ version: { pluginId: 'default', version: '8.9', docsSidebars: { docs: [] } } }));
    writeFileSync(join(props, 'docs-3.json'), JSON.stringify({ version: { pluginId: 'default', version: '9.0', docsSidebars: { docs: sidebar } } }));
    assert.deepEqual(readSidebar(dir, 'default', '9.0', 'docs'), sidebar);
    assert.deepEqual(readSidebar(dir, 'default', '8.9', 'docs'), []);
    assert.throws(() => readSidebar(dir, 'default', '9.0', 'other'), /other/);
    assert.throws(() => readSidebar(dir, 'default', '7.0', 'docs'), /7\.0/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('russianDate: the build date of the cover in Russian', () => {
  assert.equal(russianDate(new Date('2026-11-27T06:00:00Z')), '27 ноября 2026');
  assert.equal(russianDate(new Date('2026-03-01T23:30:00Z')), '1 марта 2026');
});

test('pdfHref: one PDF per docs version and one of the upgrade notes, none for other versions', () => {
  assert.equal(pdfHref('default', '9.0'), '/pdf/monq-docs-9.0.pdf');
  assert.equal(pdfHref('default', '8.9'), '/pdf/monq-docs-8.9.pdf');
  assert.equal(pdfHref('upgrade', 'current'), '/pdf/monq-upgrade-notes.pdf');
  assert.equal(pdfHref('default', 'current'), null);
  assert.equal(new Set(PDF_BOOKS.map((book) => book.file)).size, PDF_BOOKS.length);
  for (const book of PDF_BOOKS) assert.equal(pdfHref(book.pluginId, book.version), `/pdf/${book.file}`);
});
