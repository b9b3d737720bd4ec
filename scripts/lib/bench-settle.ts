/**
 * A clean build should not pay for the files that the previous bench run deleted.
 *
 * This machine's root file system is ext4 without a journal. For every new file, the kernel skips
 * the inode numbers that were freed in the last seconds (`recently_deleted` in `fs/ext4/ialloc.c`),
 * one by one. The bench deletes its private copy of the site when it ends, about 3300 files of the
 * build. A bench started right after that pays for them in the next build: in back-to-back runs the
 * build's kernel time rose from about 3 s to 5.5–6.6 s, about 9 % of the build's CPU in
 * `find_inode_bit` (`perf record`). A copy made after a quiet half minute does not show it.
 *
 * So the bench notes when it deleted its copy, and the next run waits until that is `SETTLE_MS` old
 * before it copies the site. Deletions by other programs are not seen.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long after a deletion the bench waits before it creates files again. */
export const SETTLE_MS = 35_000;
/** The note of the last deletion, in the temporary directory where the copies live. */
export const DELETED_AT_FILE = 'monq-bench-deleted-at';

/** Milliseconds to wait before the build, given when the previous run deleted its copy. */
export function settleWaitMs(deletedAt: number | null, now: number, settleMs = SETTLE_MS): number {
  if (deletedAt === null || !Number.isFinite(deletedAt) || deletedAt > now) return 0;
  return Math.max(0, deletedAt + settleMs - now);
}

/** When the previous run deleted its copy (epoch milliseconds), or null if no run left a note. */
export function readDeletedAt(dir: string): number | null {
  try {
    const value = Number(readFileSync(join(dir, DELETED_AT_FILE), 'utf8').trim());
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function recordDeletion(dir: string, at: number): void {
  writeFileSync(join(dir, DELETED_AT_FILE), `${Math.round(at)}\n`);
}
