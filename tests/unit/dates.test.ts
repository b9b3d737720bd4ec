import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatShortDateRu } from '../../src/lib/dates';

test('the «last updated» date reads as Intl formats it in Russian, for every month and at the edges of a UTC day', () => {
  const intl = new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  for (let month = 0; month < 12; month += 1) {
    for (const day of [1, 9, 28]) {
      for (const [hours, minutes] of [
        [0, 0],
        [23, 59],
      ] as const) {
        const date = new Date(Date.UTC(2026, month, day, hours, minutes));
        assert.equal(formatShortDateRu(date), intl.format(date));
      }
    }
  }
  assert.equal(formatShortDateRu(new Date('2026-11-22T01:12:01.000Z')), '22 нояб. 2026 г.');
});
