import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DELETED_AT_FILE, SETTLE_MS, readDeletedAt, recordDeletion, settleWaitMs } from '../../scripts/lib/bench-settle';

test('the bench waits out the rest of the settle time after its own deletion', () => {
  const now = 1_000_000;
  assert.equal(settleWaitMs(null, now), 0);
  assert.equal(settleWaitMs(now - 5_000, now), SETTLE_MS - 5_000);
  assert.equal(settleWaitMs(now, now), SETTLE_MS);
  assert.equal(settleWaitMs(now - SETTLE_MS, now), 0);
  assert.equal(settleWaitMs(now - 10 * SETTLE_MS, now), 0);
  // A note from the future (a clock change) never makes the bench wait.
  assert.equal(settleWaitMs(now + 60_000, now), 0);
  assert.equal(settleWaitMs(Number.NaN, now), 0);
});

test('the note of the last deletion is written and read back; a missing or broken note is no deletion', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-settle-'));
  try {
    assert.equal(readDeletedAt(dir), null);
    recordDeletion(dir, 1_700_000_000_123.4);
    assert.equal(readDeletedAt(dir), 1_700_000_000_123);
    writeFileSync(join(dir, DELETED_AT_FILE), 'yesterday\n');
    assert.equal(readDeletedAt(dir), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
