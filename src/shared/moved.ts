/**
 * Old addresses that lead somewhere else: one rule table (`MOVED` below; config/redirects.ts
 * turns it into nginx rules) read by two servers that must agree.
 *
 * - nginx answers each rule with a 301 (`location ~ <pattern> { return 301 <target>; }`, generated
 *   by config/redirects.ts at build time);
 * - on a plain static host (GitHub Pages), the not-found page runs `movedScript()` inline: the same
 *   patterns, matched by `movedTarget` in the browser before the page's bundles load.
 *
 * A pattern is a regular expression in the subset that PCRE (nginx) and JavaScript read alike:
 * literals, `\.`, groups, `(?:…)`, `(?!…)`, classes and quantifiers. The target names the groups as
 * nginx does, `$1` … `$9`; a group that did not take part in the match is empty.
 */

export interface MovedRule {
  /** Anchored regular expression (`^…$`) over the decoded path. */
  pattern: string;
  /** Absolute path or https URL, with `$1` … `$9` for the pattern's groups. */
  target: string;
}

/**
 * Old address families, first match wins. The exact redirects of config/redirects.ts are tried before
 * them (nginx: they come first in the include; a static host has a redirect page for each).
 */
export const MOVED = [
  // 9.0 used to have a prefix of its own; it now lives at the root of /docs/
  { pattern: '^/docs/9\\.0/(.+)$', target: '/docs/$1' },
  // the old portal's scheme; /current/ru/ itself is a page that explains the move
  { pattern: '^/current/ru/(?!index\\.html$)(.+)$', target: '/docs/$1' },
  // 8.0 to 8.8 and the 7 line (7.0 to 7.15 and its 7.x) are archived on sites of their own, each
  // under its own version prefix
  { pattern: '^/docs/(8\\.[0-8])(?:/(.*))?$', target: 'https://v8.docs.monq.ru/docs/$1/$2' },
  { pattern: '^/docs/(7\\.(?:x|1[0-5]|[0-9]))(?:/(.*))?$', target: 'https://v7.docs.monq.ru/docs/$1/$2' },
] as const satisfies readonly MovedRule[];
// Checked where they are used (config/redirects.ts `nginxRedirectRules`, every build) and in
// tests/unit/moved.test.ts, not when the module loads: the browser's bundle must be able to leave them out.

/**
 * The new address of `path`, or null when no rule matches. Self-contained (no reference outside its
 * body): `movedScript` embeds its source text in the not-found page.
 */
export function movedTarget(path: string, rules: readonly MovedRule[]): string | null {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const match = new RegExp(rule.pattern).exec(path);
    if (match) return rule.target.replace(/\$(\d)/g, (_all: string, n: string) => match[Number(n)] ?? '');
  }
  return null;
}

/** Checks a rule table: anchored patterns, valid in JavaScript, targets that name existing groups. */
export function checkMovedRules(rules: readonly MovedRule[]): void {
  for (const { pattern, target } of rules) {
    if (!pattern.startsWith('^') || !pattern.endsWith('$')) throw new Error(`Moved pattern must be anchored (^…$): ${pattern}`);
    if (/[\s;{}"'`]/.test(pattern) || /[\s;{}"'`]/.test(target)) throw new Error(`Moved rule with a character that nginx reads as syntax (space, quote, brace, semicolon): ${pattern} -> ${target}`);
    if (!/^(?:\/|https:\/\/[a-z0-9.-]+\/)/.test(target)) throw new Error(`Moved target must be a path or an https URL: ${target}`);
    const groups = new RegExp(`${pattern}|`).exec('')!.length - 1;
    for (const [, n] of Array.from(target.matchAll(/\$(\d)/g))) {
      if (Number(n) < 1 || Number(n) > groups) throw new Error(`Moved target ${target} names group $${n}; ${pattern} has ${groups}`);
    }
  }
}

/** Id of the element of the not-found page that shows the new address (src/theme/NotFound/Content). */
export const MOVED_NOTICE_ID = 'monq-moved';

/** Attribute set on `<html>` while the page leaves for the new address (the «not found» text is hidden). */
export const MOVED_ATTRIBUTE = 'data-monq-moved';

/**
 * The inline script of the not-found page: when the address matches a rule, it fills the notice
 * («Страница переехала: <ссылка>»), shows it in place of «Страница не найдена» and replaces the address
 * with the new one, query and fragment kept. It runs where it stands in the HTML (right after the
 * notice), before any bundle, so it works on a page that hydrates only at the reader's first input.
 * Its text is the same in every build of the same rules, and the Content-Security-Policy
 * (plugins/deploy/csp.ts) allows it by the hash of the built HTML's text.
 */
export function movedScript(rules: readonly MovedRule[], matcher: string = movedTarget.toString()): string {
  return [
    '(function(){',
    `var to=(${matcher})(location.pathname,${JSON.stringify(rules)});`,
    'if(!to)return;',
    'to+=location.search+location.hash;',
    `var box=document.getElementById(${JSON.stringify(MOVED_NOTICE_ID)});`,
    'if(box&&box.firstElementChild){var a=document.createElement("a");a.href=to;a.textContent=to;',
    'var p=box.firstElementChild;p.textContent="Страница переехала: ";p.appendChild(a);box.hidden=false;',
    `document.documentElement.setAttribute(${JSON.stringify(MOVED_ATTRIBUTE)},"");}`,
    'location.replace(to);',
    '})();',
  ].join('');
}

export interface ArchiveLink {
  label: string;
  href: string;
}

/** What the not-found page says without scripts: where old addresses lead now (HTML of a `<noscript>`). */
export function movedNoscript(archive: readonly ArchiveLink[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const links = archive.map(({ label, href }) => `<a href="${escape(href)}">${escape(label)}</a>`).join(', ');
  return (
    '<div class="container margin-bottom--xl"><p class="alert alert--info">Если вы пришли по старому адресу: ' +
    'страницы версии 9.0 теперь открываются в разделе <a href="/docs/">/docs/</a>, а документация ' +
    `прежних версий — в архиве: ${links}.</p></div>`
  );
}
