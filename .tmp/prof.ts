import {readFileSync} from 'node:fs';
import {performance} from 'node:perf_hooks';
import {loadIndex, expandQuery, queryWords, searchIndex, prepareSynonyms} from '../src/search/engine';
import {EXISTING_QUERIES, FORGIVING_QUERIES} from '../tests/fixtures/search/queries';
const m = JSON.parse(readFileSync('build/search/manifest.json', 'utf8'));
const e = Object.values(m.indexes).find((x: any) => x.tag === 'docs-default-9.0') as any;
const f = JSON.parse(readFileSync('build/' + e.file, 'utf8'));
const syn = prepareSynonyms(m.synonyms);
(async () => {
  const t0 = performance.now();
  const {miniSearch, vocabulary} = await loadIndex(f, 1e9);
  console.log('build', (performance.now() - t0).toFixed(0), 'vocab sizes', vocabulary.byLength.size);
  const qs = EXISTING_QUERIES.concat(FORGIVING_QUERIES).map((q) => q.query);
  let tExp = 0, tSearch = 0; const per: Array<[string, number]> = [];
  for (let r = 0; r < 2; r++) for (const q of qs) {
    let t = performance.now();
    const slots = expandQuery(queryWords(q, 10), vocabulary, syn, 6);
    const a = performance.now() - t; t = performance.now();
    searchIndex(miniSearch, f.records, slots, 'and');
    const b = performance.now() - t;
    if (r === 1) { tExp += a; tSearch += b; per.push([q, a + b]); }
  }
  console.log('expand', tExp.toFixed(0), 'search', tSearch.toFixed(0));
  console.log(per.sort((x, y) => y[1] - x[1]).slice(0, 8).map(([q, t]) => `${q} ${t.toFixed(1)}`).join(' | '));
})();
