import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pruneItems } from '../../config/sidebar';

test('docs with displayed_sidebar: null and the root index leave the generated sidebar', () => {
  const items = [
    { type: 'doc' as const, id: 'v6-5/index' },
    { type: 'doc' as const, id: 'v6-5/v6-0-0' },
    { type: 'doc' as const, id: 'v6-5/infra-1-5-0' },
    {
      type: 'category' as const,
      label: 'Журнал изменений',
      items: [
        { type: 'doc' as const, id: 'v6-5/changelog/v6-0-0' },
        { type: 'doc' as const, id: 'v6-5/changelog/hidden' },
      ],
    },
  ];
  const pruned = pruneItems(items, new Set(['v6-5/infra-1-5-0', 'v6-5/changelog/hidden']), 'v6-5/index');
  assert.deepEqual(pruned, [
    { type: 'doc', id: 'v6-5/v6-0-0' },
    { type: 'category', label: 'Журнал изменений', items: [{ type: 'doc', id: 'v6-5/changelog/v6-0-0' }] },
  ]);
});
