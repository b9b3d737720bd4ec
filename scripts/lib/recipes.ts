/**
 * Recipes paired with the vendor's scenarios: a page that tells the reader to connect a system through a
 * published scenario of MONQDL/content-packs must name that scenario and its version folder, and list in
 * one section exactly the fields the scenario reads. The fixtures in tests/fixtures/recipes/ are taken
 * from the scenarios (each names its file); tests/unit/recipes.test.ts applies these rules to them.
 */
import { parsePage } from './content-rules';

export interface RecipePage {
  /** The page's file, from the repository root. */
  file: string;
  /** The heading id of the section that lists the fields. */
  section: string;
}

export interface RecipeFixture {
  /** The scenario's name as the export gives it. */
  scenario: string;
  /** The export's path in MONQDL/content-packs, from `Automaton Scenarios/`. */
  file: string;
  /** The export's public address. */
  source: string;
  /** The fields the scenario reads from the event body (or, for a rule export, the keys of its `content`). */
  fields: string[];
  /** The values the reader's data must carry for the scenario's branches. */
  values: string[];
  pages: RecipePage[];
}

/** The version folder of an export: `Signals/7.4` for `Automaton Scenarios/Signals/7.4/….txt`. */
export function versionFolder(file: string): string {
  return file.replace(/^Automaton Scenarios\//, '').replace(/\/[^/]+$/, '');
}

/** The lines of a section: from the heading with `{#id}` up to the next heading of the same or a higher level. */
export function sectionOf(body: string, id: string): string | null {
  const lines = body.split('\n');
  const start = lines.findIndex((line) => /^#{2,6}\s/.test(line) && line.includes(`{#${id}}`));
  if (start < 0) return null;
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 2;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => {
    const hashes = /^(#{1,6})\s/.exec(line)?.[1];
    return hashes !== undefined && hashes.length <= level;
  });
  return (end < 0 ? rest : rest.slice(0, end)).join('\n');
}

/** The first cells of the body rows of the section's tables (the header and separator rows left out). */
export function firstCells(section: string): string[] {
  const cells: string[] = [];
  let inTable = false;
  for (const line of section.split('\n')) {
    const row = line.trim();
    if (!row.startsWith('|')) {
      inTable = false;
      continue;
    }
    if (!inTable) {
      inTable = true; // the header row
      continue;
    }
    if (/^\|?\s*:?-{3,}/.test(row)) continue;
    cells.push((row.slice(1).split('|')[0] ?? '').trim());
  }
  return cells;
}

/** How one page departs from its recipe fixture; an empty list when the page follows the scenario. */
export function recipeProblems(fixture: RecipeFixture, page: RecipePage, source: string): string[] {
  const problems: string[] = [];
  const { frontMatter, body } = parsePage(source);
  if (!body.includes(fixture.scenario)) problems.push(`does not name the scenario «${fixture.scenario}»`);
  const folder = versionFolder(fixture.file);
  if (!body.includes(folder)) problems.push(`does not name the version folder ${folder}`);
  const sources = Array.isArray(frontMatter.sources) ? frontMatter.sources : [];
  if (!sources.includes(fixture.source)) problems.push(`sources: does not list ${fixture.source}`);
  const section = sectionOf(body, page.section);
  if (section === null) return [...problems, `has no section {#${page.section}}`];
  const cells = firstCells(section);
  const fields = new Set<string>();
  for (const cell of cells) {
    const field = /^`([^`]+)`$/.exec(cell)?.[1];
    if (field === undefined) problems.push(`a row of {#${page.section}} does not start with one field in backticks: ${cell}`);
    else fields.add(field);
  }
  const expected = new Set(fixture.fields);
  const extra = [...fields].filter((field) => !expected.has(field));
  const missing = fixture.fields.filter((field) => !fields.has(field));
  if (extra.length > 0) problems.push(`lists fields the scenario does not read: ${extra.join(', ')}`);
  if (missing.length > 0) problems.push(`leaves out fields the scenario reads: ${missing.join(', ')}`);
  for (const value of fixture.values) {
    if (!section.includes(`\`${value}\``)) problems.push(`{#${page.section}} does not name the value \`${value}\``);
  }
  return problems;
}
