import {editDistance} from '../src/search/forgiving';
function ref(a: string, b: string): number { const d: number[][] = []; for (let i = 0; i <= a.length; i++) { d.push([]); for (let j = 0; j <= b.length; j++) { if (!i || !j) { d[i]![j] = i + j; continue; } let v = Math.min(d[i-1]![j]! + 1, d[i]![j-1]! + 1, d[i-1]![j-1]! + (a[i-1] === b[j-1] ? 0 : 1)); if (i > 1 && j > 1 && a[i-1] === b[j-2] && a[i-2] === b[j-1]) v = Math.min(v, d[i-2]![j-2]! + 1); d[i]![j] = v; } } return d[a.length]![b.length]!; }
const alpha = 'abcd'; let bad = 0;
for (let n = 0; n < 200000; n++) { const r = () => Array.from({length: Math.floor(Math.random() * 8)}, () => alpha[Math.floor(Math.random() * 4)]).join(''); const a = r(), b = r(); const max = 1 + Math.floor(Math.random() * 2); const e = Math.min(ref(a, b), max + 1); const g = editDistance(a, b, max); if (e !== g) { if (bad++ < 5) console.log(a, b, max, e, g); } }
console.log('bad', bad);
