import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { docChunkPath, type DocChunkFile, type ManifestEntry } from '../../src/shared/search/engine';
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

/** The page paths of one index of a build, in index order (read from its record chunks). */
export async function indexPagePaths(dir: string, entry: ManifestEntry): Promise<string[]> {
  const pages = new Map<number, string>();
  for (let chunk = 0; chunk < entry.docs.hash.length; chunk++) {
    const file = JSON.parse(await readFile(path.join(dir, docChunkPath(entry, chunk)), 'utf8')) as DocChunkFile;
    for (const [index, page] of Object.entries(file.pages)) pages.set(Number(index), page.u);
  }
  return Array.from(pages.entries())
    .sort((a, b) => a[0] - b[0])
    .map(([, url]) => url);
}
