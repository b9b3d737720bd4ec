/**
 * Pure parts of `npm run upgrade:check` (scripts/upgrade-check.ts): the arguments, the version rewrite
 * of a scratch copy's package.json, reading the outputs of patch-package and of node's test runner,
 * and the report. The script runs the steps; nothing here touches the disk or the network.
 */
import { parseArgs, stripVTControlCharacters as stripAnsi } from 'node:util';

export interface UpgradeCheckArgs {
  /** Exact version every `@docusaurus/*` package is set to, e.g. `3.10.2` or `4.0.0-canary-6808`. */
  version: string;
  /** Keep the scratch copy (its path is printed) instead of removing it. */
  keep: boolean;
  /** Other packages to set in the same copy (`--also react@19.3.1`), exact versions, by name. */
  also: Record<string, string>;
  /** Install with npm's `--legacy-peer-deps`: see how far the rest gets past a peer conflict. */
  legacyPeerDeps: boolean;
}

export type ParsedArgs = { kind: 'run'; args: UpgradeCheckArgs } | { kind: 'help' } | { kind: 'error'; message: string };

export const USAGE = `Usage: npm run upgrade:check -- <version> [--also <name>@<version>]... [--legacy-peer-deps] [--keep]

Bumps every @docusaurus/* package of a scratch copy of this repository (a detached git worktree
in the temp dir) to <version> (exact), checks each is published, installs them, applies each patch
of patches/, builds the site and runs the unit tests there, then prints what passed. The working
tree is not touched. Exit code 1 when a step failed. After an interrupted run, remove the copy with
git worktree remove --force <path printed first>.

  <version>  exact version from the registry (npm view @docusaurus/core versions --json)
  --also     set another dependency too, exact (e.g. --also react@19.3.1 when the new
             Docusaurus asks for a newer peer); repeatable
  --legacy-peer-deps
             install past peer-dependency conflicts (npm's flag), to see how far the
             rest gets; the report says it was used
  --keep     keep the scratch copy for inspection (its path is printed)
  --help     this text
`;

/** An exact npm version: no range, no tag (`latest` would move under the report). */
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function parseUpgradeArgs(argv: readonly string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        keep: { type: 'boolean', default: false },
        'legacy-peer-deps': { type: 'boolean', default: false },
        also: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const also: Record<string, string> = {};
  for (const spec of values.also) {
    const match = /^(@?[^@\s]+)@(.+)$/.exec(spec);
    if (!match || !EXACT_VERSION.test(match[2]!)) return { kind: 'error', message: `--also takes <name>@<exact version> (got ${spec})` };
    also[match[1]!] = match[2]!;
  }
  const [version, ...more] = positionals;
  if (version === undefined) return { kind: 'error', message: 'give the version to check' };
  if (more.length > 0) return { kind: 'error', message: `one version only (got ${positionals.join(' and ')})` };
  if (!EXACT_VERSION.test(version)) {
    return { kind: 'error', message: `${version} is not an exact version (write e.g. 3.10.2 or 4.0.0-canary-6808)` };
  }
  return { kind: 'run', args: { version, keep: values.keep, also, legacyPeerDeps: values['legacy-peer-deps'] } };
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides'] as const;

export interface BumpResult {
  /** The new package.json text (same indentation, trailing newline kept). */
  text: string;
  /** `name: old -> new` of each rewritten entry. */
  changed: string[];
  /**
   * Every package asked for at the target, name → version: the registry step checks that each is
   * published (a canary of core without the rest cannot be installed).
   */
  targets: Record<string, string>;
}

/**
 * Sets every `@docusaurus/*` entry of the dependency fields to `version` (and each package of `also`
 * that is there to its version) and drops the root `postinstall` (patch-package): the check applies
 * the patches itself, one at a time, so that a patch that no longer applies is reported and does not
 * stop the install.
 */
export function bumpDocusaurus(packageJson: string, version: string, also: Readonly<Record<string, string>> = {}): BumpResult {
  const data = JSON.parse(packageJson) as Record<string, unknown>;
  const changed: string[] = [];
  const targets: Record<string, string> = {};
  for (const field of DEPENDENCY_FIELDS) {
    const table = data[field];
    if (!table || typeof table !== 'object') continue;
    for (const [name, current] of Object.entries(table)) {
      const target = name.startsWith('@docusaurus/') ? version : also[name];
      if (target === undefined) continue;
      targets[name] = target;
      if (typeof current !== 'string') continue;
      if (current !== target) changed.push(`${name}: ${current} -> ${target}`);
      (table as Record<string, string>)[name] = target;
    }
  }
  const scripts = data.scripts as Record<string, string> | undefined;
  delete scripts?.postinstall;
  const indent = /^\{\n([ \t]+)"/.exec(packageJson)?.[1] ?? '  ';
  return { text: `${JSON.stringify(data, null, indent)}\n`, changed, targets };
}

/**
 * What npm could not resolve, from an ERESOLVE error: the lines under «Could not resolve dependency:»
 * (e.g. `peer react@"^19.3.0" from @docusaurus/core@4.0.0-canary-6822`).
 */
export function npmConflict(output: string): string[] {
  const lines = stripAnsi(output).split('\n').map((line) => line.replace(/^npm (?:error|ERR!) ?/, '').trimEnd());
  const start = lines.findIndex((line) => line.startsWith('Could not resolve dependency:'));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return lines.slice(start + 1, end < 0 ? undefined : end).map((line) => line.trim()).slice(0, 2);
}

export type StepStatus = 'ok' | 'failed' | 'skipped';

export interface StepResult {
  name: string;
  status: StepStatus;
  seconds: number;
  /** One-line facts shown under the step (versions, per-patch results, test counts). */
  notes: string[];
  /** First lines of the error, when the step failed. */
  error: string[];
}

/**
 * The first lines of an error in a command's output: from the first line that says error (or
 * `ERR!`, or a failed assertion) on, at most `max` non-empty lines, of a stack trace its first two
 * frames only. Without such a line, the last lines of the output.
 */
export function firstErrorLines(output: string, max = 12): string[] {
  const lines = stripAnsi(output)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const start = lines.findIndex((line) => /error\b|ERR!|\bfailed\b|✖/i.test(line));
  if (start < 0) return lines.slice(-max);
  // A stack trace: its first two frames say where; the rest would push the message out.
  let frames = 0;
  const kept = lines.slice(start).filter((line) => !/^\s+at\s/.test(line) || (frames += 1) <= 2);
  return kept.slice(0, max);
}

export interface PatchOutcome {
  file: string;
  ok: boolean;
  /** patch-package's warning lines, e.g. the version the patch was made for differs. */
  warnings: string[];
  error: string[];
}

/** Reads one patch-package run that applied a single patch (`--patch-dir` holding only that file). */
export function readPatchRun(file: string, status: number | null, output: string): PatchOutcome {
  const clean = stripAnsi(output);
  const warnings = clean
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^warning\b/i.test(line) || /version mismatch/i.test(line));
  const ok = status === 0 && !/\*\*ERROR\*\*|Failed to apply patch/i.test(clean);
  return { file, ok, warnings, error: ok ? [] : firstErrorLines(clean) };
}

export interface TestCounts {
  tests: number;
  pass: number;
  fail: number;
  /** `file: test name` of each failing test, as the spec reporter lists them at the end. */
  failures: string[];
}

/** Reads the summary of node's test runner with the spec reporter (`ℹ tests 325`, `✖ failing tests:`). */
export function readTestSummary(output: string): TestCounts {
  const clean = stripAnsi(output);
  const count = (label: string): number => {
    const match = new RegExp(`^[ℹ#]\\s*${label}\\s+(\\d+)\\s*$`, 'm').exec(clean);
    return match ? Number(match[1]) : 0;
  };
  const failures: string[] = [];
  const marker = clean.indexOf('✖ failing tests:');
  if (marker >= 0) {
    let file = '';
    for (const line of clean.slice(marker).split('\n').slice(1)) {
      const at = /^test at (?:file:\/\/)?(.+?):\d+:\d+$/.exec(line.trim());
      if (at) file = at[1]!.split('/').pop()!;
      const failed = /^✖ (.+?)(?: \(\d+(?:\.\d+)?m?s\))?$/.exec(line);
      // A file that failed as a whole (it did not load) is named by its path.
      if (failed) failures.push(file && failed[1]!.endsWith(`/${file}`) ? `${file}: the file failed to run` : file ? `${file}: ${failed[1]}` : failed[1]!);
    }
  }
  return { tests: count('tests'), pass: count('pass'), fail: count('fail'), failures };
}

export function exitCodeOf(steps: readonly StepResult[]): number {
  return steps.some((step) => step.status === 'failed') ? 1 : 0;
}

function seconds(value: number): string {
  return value >= 60 ? `${Math.floor(value / 60)} min ${Math.round(value % 60)} s` : `${value.toFixed(1)} s`;
}

/** The report printed at the end: one block per step, then the verdict. */
export function formatReport(target: string, steps: readonly StepResult[], extra: readonly string[] = []): string {
  const out: string[] = [`Docusaurus upgrade check: ${target}`, ''];
  const width = Math.max(...steps.map((step) => step.name.length), 4);
  for (const step of steps) {
    const time = step.status === 'skipped' ? '' : `  ${seconds(step.seconds)}`;
    out.push(`${step.name.padEnd(width)}  ${step.status.toUpperCase().padEnd(7)}${time}`.trimEnd());
    for (const note of step.notes) out.push(`    ${note}`);
    for (const line of step.error) out.push(`    | ${line}`);
  }
  const failed = steps.filter((step) => step.status === 'failed').map((step) => step.name);
  out.push('', failed.length === 0 ? 'All steps passed.' : `Failed: ${failed.join(', ')}.`);
  for (const line of extra) out.push(line);
  return `${out.join('\n')}\n`;
}

/**
 * Ejected and replaced theme components named in src/theme/README.md (table rows whose kind is
 * «ejected» or «replacement»): the files to compare with the new upstream after an upgrade.
 */
export function copiedComponents(themeReadme: string): string[] {
  const files: string[] = [];
  for (const line of themeReadme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4) continue;
    const file = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (file && /^(ejected|replacement)/.test(cells[2] ?? '')) files.push(`src/theme/${file}`);
  }
  return files;
}
