/**
 * Code samples as the comparison sees them (README.md, «What counts as a change»): the values of a
 * sample (dates, numbers, host names, IDs, quoted strings) are not a change; its keys and its
 * structure are. A sample's shape is its text with those values masked; its keys are the paths of the
 * `key:` lines of YAML and JSON samples (`buffer.input-name`, `artifacts[].send-to.monq.stream-key`).
 */

/** Values of a sample, masked in its shape, longest patterns first. */
const VALUES: RegExp[] = [
  // quoted strings: "…", '…' (a YAML comment after them stays)
  /"(?:[^"\\\n]|\\.)*"/g,
  /'[^'\n]*'/g,
  // addresses and host names: URLs, names under common domains
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`)]+/gi,
  /\b(?:[a-z0-9-]+\.)+(?:com|ru|org|net|io|local|lan|internal|example)\b/gi,
  // IDs: UUIDs and long hexadecimal strings
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /\b(?=[0-9a-f]*\d)[0-9a-f]{12,}\b/gi,
  // dates with month names (10/Jun/2025, 10 Jun 2025)
  /\b\d{1,2}[/ -](?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/gi,
  // numbers, IPv4 addresses, times and versions
  /\d+(?:[.:]\d+)*/g,
];

/** A sample with its values masked: two samples with the same shape differ in values only. */
export function sampleShape(code: string): string {
  let shape = code.replace(/\s+$/gm, '');
  for (const pattern of VALUES) shape = shape.replace(pattern, '\u2026');
  return shape;
}

/** A line `key: value`, `- key: value` or `"key": value` of a YAML or JSON sample. */
const KEY_LINE = /^(\s*)((?:-\s+)*)(["']?)([A-Za-z_$@][\w.$@/-]*)\3\s*:(?:\s|$)/;

/**
 * The key paths of a YAML or JSON sample, from indentation: `continuous-jobs[].buffer.type`. A key
 * under a list item gets `[]`; the path of a key is its ancestors' keys. Other samples have none.
 */
export function sampleKeys(code: string): string[] {
  // open keys and list items, by the column of their first character
  const stack: { column: number; item: boolean; path: string }[] = [];
  const keys: string[] = [];
  const top = () => stack[stack.length - 1];
  for (const line of code.split('\n')) {
    const match = KEY_LINE.exec(line);
    // other lines (scalar list items, comments, braces, continued strings) open nothing
    if (!match?.[4]) continue;
    const indent = match[1]?.length ?? 0;
    const column = indent + (match[2]?.length ?? 0);
    if (match[2]) {
      // a new list item closes everything deeper than its dash, the previous item included
      while (stack.length > 0 && (top()?.column ?? 0) > indent) stack.pop();
      stack.push({ column, item: true, path: `${top()?.path ?? ''}[]` });
    } else {
      while (stack.length > 0 && ((top()?.column ?? 0) > column || (top()?.column === column && !top()?.item))) stack.pop();
    }
    const parent = top()?.path;
    const path = parent === undefined || parent === '[]' ? match[4] : `${parent}.${match[4]}`;
    keys.push(path);
    stack.push({ column, item: false, path });
  }
  return keys;
}

/**
 * Keys added and removed between the samples of a section in two versions: leaf paths (a key with
 * no keys under it), with the first segment dropped when every key of both versions shares it
 * (`continuous-jobs[]`), each once, in the order of the samples.
 */
export function sampleKeyChanges(older: readonly string[], newer: readonly string[]): { added: string[]; removed: string[] } {
  const leaves = (codes: readonly string[]) => {
    const all = codes.flatMap(sampleKeys);
    return all.filter((path) => !all.some((other) => other.startsWith(`${path}.`) || other.startsWith(`${path}[]`)));
  };
  let before = leaves(older);
  let after = leaves(newer);
  const first = (path: string) => /^[^.[\]]+(?:\[\])?/.exec(path)?.[0] ?? path;
  const all = [...before, ...after];
  const root = all[0] === undefined ? undefined : first(all[0]);
  if (root !== undefined && all.every((path) => first(path) === root && path.length > root.length)) {
    const strip = (path: string) => path.slice(root.length).replace(/^\./, '');
    before = before.map(strip);
    after = after.map(strip);
  }
  const olderSet = new Set(before);
  const newerSet = new Set(after);
  return {
    added: [...new Set(after.filter((path) => !olderSet.has(path)))],
    removed: [...new Set(before.filter((path) => !newerSet.has(path)))],
  };
}
