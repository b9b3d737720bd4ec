import {readFileSync} from 'node:fs';
import MiniSearch from 'minisearch';
import {unpackIndex, buildVocabulary, miniSearchOptions} from '/work/wt/search/src/search/engine';
const m = JSON.parse(readFileSync('/work/wt/search/build/search/manifest.json', 'utf8'));
const e = Object.values(m.indexes).find((x: any) => x.tag === 'docs-default-9.0') as any;
const f = JSON.parse(readFileSync('/work/wt/search/build/' + e.file, 'utf8'));
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const plain = unpackIndex(f.index);
  const a = performance.now() - t; t = performance.now();
  MiniSearch.loadJS(plain, miniSearchOptions);
  const b = performance.now() - t; t = performance.now();
  buildVocabulary(f.index.terms);
  console.log('unpack', a.toFixed(0), 'loadJS', b.toFixed(0), 'vocab', (performance.now() - t).toFixed(0));
}
