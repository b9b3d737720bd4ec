/**
 * The speed of the machine at the moment of a measurement. The bench machine is a shared virtual
 * machine: the same clean build took from 24 to 45 s within one hour, with no change to the site. A
 * fixed single-threaded task (text generation, regular expressions, JSON and gzip, like a build's
 * mix) is timed next to the build, so that two runs are compared only when the machine ran at a
 * similar speed.
 */
import { gzipSync } from 'node:zlib';

const WORDS = ['сигнал', 'метрика', 'агент', 'порог', 'сервис', 'monq', 'cmdb', 'плагин', 'отчёт', 'событие', 'api', 'узел'];

/** One run of the task; returns a checksum so that nothing is optimized away (and runs can be checked equal). */
export function referenceTask(size = 200_000): number {
  let seed = 12345;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const parts: string[] = [];
  for (let i = 0; i < size; i++) parts.push(WORDS[next() % WORDS.length] ?? '');
  const text = parts.join(' ');
  const tokens = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  const json = JSON.stringify(tokens.slice(0, 50_000).map((token, index) => ({ token, index })));
  const parsed = JSON.parse(json) as unknown[];
  const gzipped = gzipSync(Buffer.from(text), { level: 6 });
  return (counts.size * 31 + parsed.length + gzipped.length) % 1_000_003;
}

/**
 * Median wall time of `runs` runs of `task` (ms), after one untimed warm-up run (the first run pays
 * for compiling the code). `now` is the clock in ms (a test hands in its own).
 */
export function medianTime(runs: number, task: () => unknown, now: () => number = () => Number(process.hrtime.bigint()) / 1e6): number {
  task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = now();
    task();
    times.push(now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** Median wall time of `runs` runs of the reference task (ms). */
export function measureReference(runs = 5): number {
  return medianTime(runs, () => referenceTask());
}
