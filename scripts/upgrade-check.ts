/**
 * Rehearses a Docusaurus upgrade in a scratch copy, without touching the working tree:
 *
 *   nice -n 19 npm run upgrade:check -- <version> [--keep]
 *
 * Makes a detached git worktree of HEAD in a temporary directory, lays the working tree's files
 * over it (tracked, plus new files git does not ignore), sets every `@docusaurus/*` package there to <version>, runs `npm install`, applies each
 * patch of patches/ on its own, runs `npm run build` and the unit tests, and prints one line per step
 * (ok / failed / skipped, time, first lines of the error). It fixes nothing: it reports. Full logs
 * stay in a directory under the system's temp dir (printed). Exit code 1 when a step failed.
 * Takes several minutes (install and build). MAINTAINING.md, «Обновление Docusaurus», says what to
 * do with the result.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  USAGE,
  bumpDocusaurus,
  copiedComponents,
  exitCodeOf,
  firstErrorLines,
  formatReport,
  npmConflict,
  parseUpgradeArgs,
  readPatchRun,
  readTestSummary,
  type StepResult,
  type UpgradeCheckArgs,
} from './lib/upgrade-check';

const repo = process.cwd();

/** The environment of the commands in the copy: npm's own variables of the outer `npm run` left out. */
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

/** Seconds since `started` (a `Date.now()`). */
const since = (started: number): number => (Date.now() - started) / 1000;

interface Run {
  status: number | null;
  output: string;
  seconds: number;
}

/** Runs a command in `cwd`, its output (stdout and stderr) into `logFile`; returns the output too. */
function runLogged(command: string, args: string[], cwd: string, logFile: string): Run {
  const started = Date.now();
  const fd = openSync(logFile, 'w');
  let status: number | null;
  try {
    const result = spawnSync(command, args, { cwd, env: childEnv, stdio: ['ignore', fd, fd] });
    status = result.status;
    if (result.error) writeFileSync(logFile, `${String(result.error)}\n`, { flag: 'a' });
  } finally {
    closeSync(fd);
  }
  return { status, output: readFileSync(logFile, 'utf8'), seconds: since(started) };
}

function progress(message: string): void {
  process.stderr.write(`==> ${message}\n`);
}

/**
 * The scratch copy: a detached git worktree of HEAD (the build reads each page's git history for its
 * date), with the working tree's files laid over it, so that uncommitted changes are checked too.
 */
function copyRepository(target: string): number {
  const added = spawnSync('git', ['worktree', 'add', '--detach', target, 'HEAD'], { cwd: repo, encoding: 'utf8' });
  if (added.status !== 0) throw new Error(`git worktree add failed: ${added.stderr}`);
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  let count = 0;
  for (const file of listed.stdout.split('\0')) {
    if (!file) continue;
    if (!existsSync(join(repo, file))) {
      rmSync(join(target, file), { force: true });
      continue;
    }
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(repo, file), join(target, file));
    count += 1;
  }
  return count;
}

/** Removes the scratch worktree (and its registration in the repository's git directory). */
function removeCopy(target: string): void {
  spawnSync('git', ['worktree', 'remove', '--force', target], { cwd: repo, stdio: 'ignore' });
  rmSync(target, { recursive: true, force: true });
}

function step(name: string, partial: Partial<StepResult> = {}): StepResult {
  return { name, status: 'ok', seconds: 0, notes: [], error: [], ...partial };
}

/** The steps in order, into `steps`; a failed install (or registry) step skips the rest. */
function rehearse({ version, also, legacyPeerDeps }: UpgradeCheckArgs, scratch: string, logs: string, steps: StepResult[]): void {
  const skipRest = (...names: string[]): void => {
    for (const name of names) steps.push(step(name, { status: 'skipped' }));
  };
  progress(`copy of the repository (git worktree) in ${scratch}`);
  let started = Date.now();
  const files = copyRepository(scratch);
  steps.push(step('copy', { seconds: since(started), notes: [`${files} files`] }));

  const packageFile = join(scratch, 'package.json');
  const bump = bumpDocusaurus(readFileSync(packageFile, 'utf8'), version, also);
  writeFileSync(packageFile, bump.text);
  const others = bump.changed.filter((line) => !line.startsWith('@docusaurus/'));
  steps.push(
    step('bump', {
      notes: [
        `${bump.changed.length - others.length} @docusaurus/* entries set to ${version}`,
        ...others,
        'postinstall (patch-package) left out: the patches step applies them',
      ],
    }),
  );

  progress('registry: is every package there at the target version?');
  started = Date.now();
  const wanted = Object.entries(bump.targets);
  const missing = wanted
    .filter(([name, target]) => {
      const view = spawnSync('npm', ['view', `${name}@${target}`, 'version'], { cwd: scratch, env: childEnv, encoding: 'utf8' });
      return view.status !== 0 || view.stdout.trim() === '';
    })
    .map(([name, target]) => `${name}@${target}`);
  steps.push(
    step('registry', {
      status: missing.length === 0 ? 'ok' : 'failed',
      seconds: since(started),
      notes: missing.length === 0 ? [`${wanted.length} packages published at their target`] : [`not published: ${missing.join(', ')}`],
    }),
  );
  if (missing.length > 0) return skipRest('install', 'patches', 'build', 'unit tests');

  progress(`npm install (@docusaurus/* ${version})`);
  const installArgs = ['install', '--no-audit', '--no-fund', ...(legacyPeerDeps ? ['--legacy-peer-deps'] : [])];
  const install = runLogged('npm', installArgs, scratch, join(logs, 'install.log'));
  const installedFile = join(scratch, 'node_modules/@docusaurus/core/package.json');
  const core = existsSync(installedFile)
    ? (JSON.parse(readFileSync(installedFile, 'utf8')) as { version: string; engines?: { node?: string } })
    : null;
  if (install.status !== 0 || core === null) {
    const conflict = npmConflict(install.output);
    const notes = conflict.length > 0 ? [`npm could not resolve: ${conflict.join(' ')}`] : [];
    steps.push(step('install', { status: 'failed', seconds: install.seconds, notes, error: firstErrorLines(install.output) }));
    return skipRest('patches', 'build', 'unit tests');
  }
  const engines = core.engines?.node ? `, asks for Node ${core.engines.node} (running ${process.versions.node})` : '';
  const installNotes = [`@docusaurus/core ${core.version} installed${engines}`];
  if (legacyPeerDeps) installNotes.push('with --legacy-peer-deps: peer conflicts were not checked');
  steps.push(step('install', { seconds: install.seconds, notes: installNotes }));

  progress('patches, one at a time');
  started = Date.now();
  const patchFiles = readdirSync(join(scratch, 'patches')).filter((name) => name.endsWith('.patch')).sort();
  const patchSteps = patchFiles.map((file, index) => {
    const dir = join('.upgrade-check', `patch-${index}`);
    mkdirSync(join(scratch, dir), { recursive: true });
    copyFileSync(join(scratch, 'patches', file), join(scratch, dir, file));
    const result = runLogged('npx', ['--no-install', 'patch-package', '--error-on-fail', '--patch-dir', dir], scratch, join(logs, `patch-${index}.log`));
    return readPatchRun(file, result.status, result.output);
  });
  steps.push(
    step('patches', {
      status: patchSteps.every((outcome) => outcome.ok) ? 'ok' : 'failed',
      seconds: since(started),
      notes: patchSteps.flatMap((outcome) => [`${outcome.ok ? 'applied' : 'FAILED '}  ${outcome.file}`, ...outcome.warnings.map((w) => `  ${w}`)]),
      error: patchSteps.flatMap((outcome) => outcome.error),
    }),
  );

  progress('npm run build');
  const build = runLogged('npm', ['run', 'build'], scratch, join(logs, 'build.log'));
  steps.push(step('build', { status: build.status === 0 ? 'ok' : 'failed', seconds: build.seconds, error: build.status === 0 ? [] : firstErrorLines(build.output) }));

  progress('unit tests');
  const unitFiles = readdirSync(join(scratch, 'tests/unit'))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `tests/unit/${name}`);
  const unit = runLogged('node', ['--import', 'tsx', '--test', '--test-reporter=spec', ...unitFiles], scratch, join(logs, 'unit.log'));
  const counts = readTestSummary(unit.output);
  steps.push(
    step('unit tests', {
      status: unit.status === 0 ? 'ok' : 'failed',
      seconds: unit.seconds,
      notes: [`${counts.tests} tests: ${counts.pass} passed, ${counts.fail} failed`, ...counts.failures.map((name) => `failed: ${name}`)],
      error: unit.status === 0 || counts.failures.length > 0 ? [] : firstErrorLines(unit.output),
    }),
  );
}

function main(argv: string[]): number {
  const parsed = parseUpgradeArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`upgrade:check: ${parsed.message}\n\n${USAGE}`);
    return 2;
  }
  const { version, keep } = parsed.args;
  const scratch = mkdtempSync(join(tmpdir(), `monq-upgrade-${version}-`));
  const logs = mkdtempSync(join(tmpdir(), `monq-upgrade-logs-${version}-`));
  const steps: StepResult[] = [];
  try {
    rehearse(parsed.args, scratch, logs, steps);
  } catch (error) {
    steps.push(step('check', { status: 'failed', error: [String(error)] }));
  }
  return finish(version, steps, logs, scratch, keep);
}

function finish(version: string, steps: StepResult[], logs: string, scratch: string, keep: boolean): number {
  const patches = readdirSync(join(repo, 'patches')).filter((name) => name.endsWith('.patch'));
  const themeReadme = join(repo, 'src/theme/README.md');
  const copied = existsSync(themeReadme) ? copiedComponents(readFileSync(themeReadme, 'utf8')) : [];
  const extra = [
    `Logs: ${logs}`,
    keep ? `Scratch copy kept: ${scratch} (remove it with: git worktree remove --force ${scratch})` : 'Scratch copy removed (--keep keeps it).',
    `Re-read after the bump: ${[...patches.map((name) => `patches/${name}`), ...copied].join(', ')}`,
  ];
  if (!keep) removeCopy(scratch);
  process.stdout.write(formatReport(`@docusaurus/* ${version}`, steps, extra));
  return exitCodeOf(steps);
}

if (require.main === module) {
  process.exit(main(process.argv.slice(2)));
}
