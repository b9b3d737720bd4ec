/** Old address families (config/redirects.ts MOVED): the matcher, the nginx rules and the not-found page's script. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { MOVED, REDIRECTS, nginxRedirectRules } from '../../config/redirects';
import { ARCHIVED_VERSIONS } from '../../config/site';
import { MOVED_ATTRIBUTE, MOVED_NOTICE_ID, checkMovedRules, movedNoscript, movedScript, movedTarget, type MovedRule } from '../../src/shared/moved';

/** What a reader asks for and where the site sends them (null: the not-found page). */
const CASES: [string, string | null][] = [
  ['/docs/9.0/guide/thresholds/', '/docs/guide/thresholds/'],
  ['/docs/9.0/guide/thresholds', '/docs/guide/thresholds'],
  ['/docs/9.0/api/index.html', '/docs/api/index.html'],
  ['/current/ru/guide/signals/', '/docs/guide/signals/'],
  ['/current/ru/a/b/c', '/docs/a/b/c'],
  ['/docs/8.0/', 'https://v8.docs.monq.ru/docs/8.0/'],
  ['/docs/8.3/install/agent/', 'https://v8.docs.monq.ru/docs/8.3/install/agent/'],
  ['/docs/8.8/x', 'https://v8.docs.monq.ru/docs/8.8/x'],
  ['/docs/8.5', 'https://v8.docs.monq.ru/docs/8.5/'],
  ['/docs/7.x/', 'https://v7.docs.monq.ru/docs/7.x/'],
  ['/docs/7.x/guide/cmdb/', 'https://v7.docs.monq.ru/docs/7.x/guide/cmdb/'],
  ['/docs/7.x', 'https://v7.docs.monq.ru/docs/7.x/'],
  ['/docs/7.0/', 'https://v7.docs.monq.ru/docs/7.0/'],
  ['/docs/7.9/guide/thresholds', 'https://v7.docs.monq.ru/docs/7.9/guide/thresholds'],
  ['/docs/7.15/guide/cmdb/', 'https://v7.docs.monq.ru/docs/7.15/guide/cmdb/'],
  ['/docs/7.10', 'https://v7.docs.monq.ru/docs/7.10/'],
  // pages and exact redirects of the site itself
  ['/current/ru/', null],
  ['/current/ru/index.html', null],
  ['/current/ru', null],
  ['/docs/9.0/', null],
  ['/docs/9.0', null],
  ['/docs/8.9/get-started/', null],
  ['/docs/8.9', null],
  ['/docs/get-started/', null],
  // look-alikes that are not the old shapes
  ['/docs/8.30/', null],
  ['/docs/80/', null],
  ['/docs/9x0/guide/', null],
  ['/docs/7.xy/', null],
  ['/docs/7/', null],
  ['/docs/7.16/', null],
  ['/docs/7.05/', null],
  ['/docs/7.1x/', null],
  ['/no-such-page/', null],
  ['/x/docs/9.0/guide/', null],
  ['/current/en/guide/', null],
];

describe('the matcher', () => {
  for (const [path, expected] of CASES) {
    test(`${path} -> ${expected ?? 'not found'}`, () => {
      assert.equal(movedTarget(path, MOVED), expected);
    });
  }

  test('the first matching rule wins; groups that took no part are empty', () => {
    const rules: MovedRule[] = [
      { pattern: '^/a/(x)?(.*)$', target: '/one/$1$2' },
      { pattern: '^/a/(.*)$', target: '/two/$1' },
    ];
    assert.equal(movedTarget('/a/b', rules), '/one/b');
    assert.equal(movedTarget('/a/xb', rules), '/one/xb');
    assert.equal(movedTarget('/b', rules), null);
  });

  test('the exact redirects keep their targets: no moved rule takes one of their sources first on nginx', () => {
    const rules = nginxRedirectRules().split('\n');
    for (const { from } of REDIRECTS) {
      const first = rules.findIndex((rule) => new RegExp(/^location ~ (\S+) /.exec(rule)![1]!).test(from));
      assert.ok(first >= 0 && first < REDIRECTS.length, `${from} is answered by an exact rule`);
    }
  });
});

describe('the rule table', () => {
  test('is valid, and bad rules are refused', () => {
    checkMovedRules(MOVED);
    assert.throws(() => checkMovedRules([{ pattern: '/a/(.*)$', target: '/b/$1' }]), /anchored/);
    assert.throws(() => checkMovedRules([{ pattern: '^/a/(.*)$', target: '/b/$2' }]), /group \$2/);
    assert.throws(() => checkMovedRules([{ pattern: '^/a/(.*)$', target: 'http://x.ru/$1' }]), /https/);
    assert.throws(() => checkMovedRules([{ pattern: '^/a/(.{2})$', target: '/b/$1' }]), /syntax/);
    assert.throws(() => checkMovedRules([{ pattern: '^/a b/$', target: '/b/' }]), /syntax/);
    assert.throws(() => checkMovedRules([{ pattern: '^/a/(.*$', target: '/b/' }]), SyntaxError);
  });
});

describe('nginx', () => {
  const rules = nginxRedirectRules().split('\n');

  test('the exact redirects come first, then one 301 per moved rule with its pattern and target, query kept', () => {
    assert.equal(rules.length, REDIRECTS.length + MOVED.length);
    assert.deepEqual(
      rules.slice(REDIRECTS.length),
      MOVED.map(({ pattern, target }) => `location ~ ${pattern} { return 301 ${target}$is_args$args; }`),
    );
    assert.ok(rules.includes('location ~ ^/docs/(8\\.[0-8])(?:/(.*))?$ { return 301 https://v8.docs.monq.ru/docs/$1/$2$is_args$args; }'));
  });
});

/** Runs the not-found page's script on `href` with a minimal document; returns what the reader sees. */
function runScript(script: string, href: string): { replaced: string | null; notice: string | null; hidden: boolean; marked: boolean } {
  const url = new URL(href);
  let replaced: string | null = null;
  const link = { href: '', textContent: '' };
  const paragraph = {
    textContent: '',
    appendChild(child: typeof link) {
      this.textContent += child.textContent;
      assert.equal(child.href, child.textContent);
    },
  };
  const box = { hidden: true, firstElementChild: paragraph };
  const attributes = new Set<string>();
  const document = {
    getElementById: (id: string) => (id === MOVED_NOTICE_ID ? box : null),
    createElement: (tag: string) => (assert.equal(tag, 'a'), link),
    documentElement: { setAttribute: (name: string) => attributes.add(name) },
  };
  const location = { pathname: url.pathname, search: url.search, hash: url.hash, replace: (to: string) => void (replaced = to) };
  runInNewContext(script, { document, location });
  return { replaced, notice: box.hidden ? null : paragraph.textContent, hidden: box.hidden, marked: attributes.has(MOVED_ATTRIBUTE) };
}

describe('the script of the not-found page', () => {
  const script = movedScript(MOVED);

  test('sends an old address on, query and fragment kept, and shows the link while it does', () => {
    const seen = runScript(script, 'https://docs.monq.ru/docs/8.3/install/?tab=linux#agent');
    assert.equal(seen.replaced, 'https://v8.docs.monq.ru/docs/8.3/install/?tab=linux#agent');
    assert.equal(seen.notice, 'Страница переехала: https://v8.docs.monq.ru/docs/8.3/install/?tab=linux#agent');
    assert.equal(seen.marked, true);
    assert.equal(runScript(script, 'https://docs.monq.ru/docs/9.0/guide/thresholds/').replaced, '/docs/guide/thresholds/');
  });

  test('agrees with the matcher on every case', () => {
    for (const [path, expected] of CASES) assert.equal(runScript(script, `https://docs.monq.ru${path}`).replaced, expected, path);
  });

  test('leaves an unknown address on the not-found page', () => {
    const seen = runScript(script, 'https://docs.monq.ru/no-such-page/');
    assert.deepEqual(seen, { replaced: null, notice: null, hidden: true, marked: false });
  });

  test('is the same text for the same rules (its CSP hash is stable) and carries the rules as data', () => {
    assert.equal(movedScript(MOVED), script);
    assert.ok(script.includes(JSON.stringify(MOVED)));
    assert.doesNotMatch(script, /<\/script/i);
  });

  test('without scripts, the page names the new section and the archives', () => {
    const html = movedNoscript(ARCHIVED_VERSIONS);
    assert.match(html, /<a href="\/docs\/">/);
    for (const { href } of ARCHIVED_VERSIONS) assert.ok(html.includes(`<a href="${href}">`), href);
  });
});
