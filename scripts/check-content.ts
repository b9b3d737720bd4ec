/**
 * Content check: `npm run check:content [-- --quiet]`.
 * Fails on a page of the route map that does not exist, a page under its word minimum, placeholder text,
 * a heading without an explicit Latin id, an image without alt text, a missing or malformed `sources:` list, a missing title, description or
 * sidebar_position, an index without cards, a page with fewer than two links, upgrade notes that send the
 * reader to support more than once per page on average, a YAML key spelled two ways in the code samples of
 * one version (`bufferType` beside `buffer`, `streamKey` beside `stream-key`). Lists the upgrade pages
 * marked `facts_status: sparse`, so that they can be completed when facts are found. Fails on a product
 * identifier in a code sample or inline code (a key, header, endpoint path, function, model or value) that
 * the register in `identifiers/` does not hold under a public source (scripts/lib/identifiers.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ROUTE_MAP, STANDALONE } from './lib/route-map';
import { checkDocPage, pageProblems, parsePage, SUPPORT_NOTICES_PER_PAGE, supportNotices, type PageProblem, yamlKeyConflicts } from './lib/content-rules';
import { parseRegister, unregisteredIdentifiers, type Register } from './lib/identifiers';

const { values } = parseArgs({ options: { quiet: { type: 'boolean', default: false }, help: { type: 'boolean' } } });
if (values.help) {
  console.log('Использование: npm run check:content [-- --quiet]');
  process.exit(0);
}

/** The Markdown pages under a content root, by path from the repository root. */
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.mdx?$/.test(name))
    .map((name) => join(dir, name))
    .sort();
}

/** File of a route inside a content root: `a/b.md`, `a/b.mdx`, `a/b/index.md` or `a/b/index.mdx`. */
function fileOf(root: string, page: string): string | null {
  const candidates = [`${page}.md`, `${page}.mdx`, `${page}/index.md`, `${page}/index.mdx`];
  return candidates.map((candidate) => join(root, candidate)).find((path) => existsSync(path)) ?? null;
}

const problems: PageProblem[] = [];

const REGISTER_DIR = 'identifiers';
const register: Register = new Map();
for (const name of readdirSync(REGISTER_DIR).filter((file) => file.endsWith('.txt')).sort()) {
  const group = name.replace(/\.txt$/, '');
  for (const problem of parseRegister(readFileSync(join(REGISTER_DIR, name), 'utf8'), group, register)) {
    problems.push({ file: join(REGISTER_DIR, name), problem });
  }
}

/** Identifiers of a page that the register does not hold, as one problem each. */
function identifierProblems(file: string, body: string): PageProblem[] {
  return unregisteredIdentifiers(body, register).map(({ id, kind, line }) => ({
    file,
    problem: `\`${id}\` (${kind}, line ${line} of the body) is not in the register: add it to ${REGISTER_DIR}/<group>.txt under the «@ <url>» of the public source that names it, or take it out`,
  }));
}

const sparse: string[] = [];
let pages = 0;

for (const { root, urlPrefix, pages: routes } of ROUTE_MAP) {
  for (const route of routes) {
    if (!fileOf(root, route)) problems.push({ file: root, problem: `route ${urlPrefix}${route} has no page` });
  }
  let notices = 0;
  const files = walk(root);
  const bodies = new Map<string, string>();
  for (const file of files) {
    pages += 1;
    const source = readFileSync(file, 'utf8');
    const { frontMatter, body } = parsePage(source);
    if (frontMatter.facts_status === 'sparse') sparse.push(file);
    notices += supportNotices(body).length;
    problems.push(...checkDocPage(file, source), ...identifierProblems(file, body));
    bodies.set(relative(root, file), body);
  }
  for (const conflict of yamlKeyConflicts(bodies)) problems.push({ file: root, problem: conflict });
  if (root === 'upgrade' && notices > SUPPORT_NOTICES_PER_PAGE * files.length) {
    problems.push({
      file: root,
      problem: `${notices} sentences on ${files.length} pages send the reader to support or say facts are not published (at most ${SUPPORT_NOTICES_PER_PAGE} per page on average: say it once, on the line's index)`,
    });
  }
}

for (const route of STANDALONE) {
  if (route === 'demo-search') continue; // the search results page is a theme page
  const base = join('src/pages', route === '' ? 'index' : route);
  const file = ['.tsx', '.md', '.mdx'].map((ext) => base + ext).find((path) => existsSync(path));
  if (!file) {
    problems.push({ file: 'src/pages', problem: `standalone page /${route} has no source` });
    continue;
  }
  if (!file.endsWith('.tsx')) {
    pages += 1;
    const { problems: found, body } = pageProblems(readFileSync(file, 'utf8'));
    problems.push(...found.map((problem) => ({ file, problem })), ...identifierProblems(file, body));
  }
}

if (!values.quiet && sparse.length > 0) {
  console.log(`Страницы с неполными фактами (facts_status: sparse) — дополнить, когда появятся источники: ${sparse.length}`);
  for (const file of sparse) console.log(`  ${file}`);
}
if (problems.length > 0) {
  console.error(`Проверка содержимого: ${problems.length} замечаний на ${pages} страницах`);
  for (const { file, problem } of problems) console.error(`  ${file}: ${problem}`);
  process.exit(1);
}
console.log(`Проверка содержимого: ${pages} страниц, замечаний нет`);
