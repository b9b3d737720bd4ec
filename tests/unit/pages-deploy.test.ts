/** The GitHub Pages deploy (.github/workflows/deploy.yml) publishes the tested build at the root of the site's domain. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { SITE_URL } from '../../config/site';
import { customDomain } from '../../scripts/lib/pages-artifact';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
const workflow = load(readFileSync('.github/workflows/deploy.yml', 'utf8')) as { jobs: Record<string, { steps?: Step[] }> };

test('static/CNAME names the domain of SITE_URL, so Pages serves the site at the root (baseUrl /)', () => {
  assert.equal(customDomain('static'), new URL(SITE_URL).hostname);
  assert.equal(readFileSync('static/CNAME', 'utf8'), 'docs.monq.ru\n');
  const dir = mkdtempSync(join(tmpdir(), 'monq-cname-'));
  try {
    assert.equal(customDomain(dir), null);
    writeFileSync(join(dir, 'CNAME'), ' \n');
    assert.equal(customDomain(dir), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every job that builds checks out the whole history (last-update dates come from git)', () => {
  const builds = Object.entries(workflow.jobs).filter(([, job]) => job.steps?.some((step) => step.run === 'npm run build'));
  assert.ok(builds.length >= 2, 'the Pages build and the pull-request preview');
  for (const [name, job] of builds) {
    const checkout = job.steps!.find((step) => step.uses?.startsWith('actions/checkout@'));
    assert.equal(checkout?.with?.['fetch-depth'], 0, name);
  }
});

test('the Pages build checks the artifact as Pages will serve it before uploading it', () => {
  const steps = Object.values(workflow.jobs).find((job) => job.steps?.some((step) => step.uses?.startsWith('actions/upload-pages-artifact@')))!.steps!;
  const at = (predicate: (step: Step) => boolean) => steps.findIndex(predicate);
  const build = at((step) => step.run === 'npm run build');
  const check = at((step) => step.run === 'npm run check:pages');
  const upload = at((step) => step.uses?.startsWith('actions/upload-pages-artifact@v3') ?? false);
  assert.ok(build >= 0 && build < check && check < upload, `build ${build}, check ${check}, upload ${upload}`);
  assert.equal(steps[upload]!.with?.path, 'build');
});
