import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  contextualFacetFilters,
  contextualTags,
  parseVersionTag,
  preferredVersionKey,
  versionTag,
} from '../../src/shared/search/contextual';
import { hitHeadings, hitLevel, hitTrail } from '../../src/shared/search/hitText';

test('contextual tags: the page\'s own version, else the remembered one, else the latest; default first', () => {
  const plugins = [
    { pluginId: 'default', active: null, preferred: '8.9', latest: '9.0' },
    { pluginId: 'upgrade', active: 'current', preferred: null, latest: 'current' },
  ];
  assert.deepEqual(contextualTags(plugins), ['default', 'docs-default-8.9', 'docs-upgrade-current']);
  assert.deepEqual(contextualTags([{ pluginId: 'default', active: '8.9', preferred: '9.0', latest: '9.0' }]), ['default', 'docs-default-8.9']);
  assert.deepEqual(contextualTags([{ pluginId: 'default', latest: '9.0' }]), ['default', 'docs-default-9.0']);
  assert.deepEqual(contextualFacetFilters('ru', ['default', 'docs-default-9.0']), [
    'language:ru',
    ['docusaurus_tag:default', 'docusaurus_tag:docs-default-9.0'],
  ]);
});

test('version tags read back; the preferred version\'s key carries the storage namespace', () => {
  assert.deepEqual(parseVersionTag(versionTag('default', '8.9')), { pluginId: 'default', version: '8.9' });
  assert.deepEqual(parseVersionTag('docs-upgrade-current'), { pluginId: 'upgrade', version: 'current' });
  assert.equal(parseVersionTag('default'), null);
  assert.equal(preferredVersionKey('default', '-feb'), 'docs-preferred-version-default-feb');
  assert.equal(preferredVersionKey('default'), 'docs-preferred-version-default');
});

test('a hit is titled by its own heading, or a paragraph by the heading above it; the path leads to it', () => {
  const hierarchy = { lvl0: 'Руководство', lvl1: 'Пороги', lvl2: 'Настройка порога', lvl3: null };
  assert.equal(hitLevel({ type: 'lvl1', hierarchy }), 'lvl1');
  assert.equal(hitLevel({ type: 'content', hierarchy }), 'lvl2');
  assert.deepEqual(hitHeadings({ type: 'content', hierarchy }), { level: 'lvl2', title: 'Настройка порога', path: ['Руководство', 'Пороги'] });
  assert.deepEqual(hitHeadings({ type: 'lvl1', hierarchy }), { level: 'lvl1', title: 'Пороги', path: ['Руководство'] });
  assert.equal(hitTrail({ type: 'content', hierarchy }), 'Пороги › Настройка порога');
  assert.equal(hitTrail({ type: 'lvl1', hierarchy }), 'Пороги');
  assert.equal(hitTrail({ hierarchy: { lvl1: 'Пороги', lvl2: 'А', lvl3: 'Б' } }), 'Пороги › А › Б');
});
