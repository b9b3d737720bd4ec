import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {pageWindow, withVersion} from '../../src/search/searchPage';
import {missingResultsUrl} from '../../src/shared/search/options';

describe('search page helpers', () => {
  it('replaces the docs version in the contextual filters', () => {
    const filters = ['language:ru', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-9.0', 'docusaurus_tag:docs-upgrade-current']];
    assert.deepEqual(withVersion(filters, 'default', '8.9'), [
      'language:ru',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-upgrade-current', 'docusaurus_tag:docs-default-8.9'],
    ]);
    assert.deepEqual(withVersion(filters, 'default', null), filters);
    assert.deepEqual(withVersion(['language:ru'], 'default', '9.0'), ['language:ru', ['docusaurus_tag:docs-default-9.0']]);
  });

  it('shows a window of page numbers', () => {
    assert.deepEqual(pageWindow(0, 3), [0, 1, 2]);
    assert.deepEqual(pageWindow(10, 20, 5), [8, 9, 10, 11, 12]);
    assert.deepEqual(pageWindow(19, 20, 5), [15, 16, 17, 18, 19]);
  });

  it('builds the report link from the query', () => {
    const url = missingResultsUrl('https://github.com/monq/docs/issues/new', ' пороги <b> ');
    assert.ok(url.startsWith('https://github.com/monq/docs/issues/new?title='));
    assert.equal(new URL(url).searchParams.get('title'), 'Поиск: нет результатов по запросу «пороги <b>»');
  });
});
