import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Fetcher } from '../../src/search/localClient';

/** A `Fetcher` of the local search client that reads the index files of a build from disk. */
export function fileFetcher(dir: string): Fetcher {
  return async (url) => {
    const { pathname } = new URL(url);
    try {
      const text = await readFile(path.join(dir, decodeURIComponent(pathname)), 'utf8');
      return { ok: true, status: 200, json: async () => JSON.parse(text) };
    } catch {
      return { ok: false, status: 404, json: async () => ({}) };
    }
  };
}
