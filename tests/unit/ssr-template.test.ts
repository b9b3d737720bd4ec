import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as eta from 'eta';
import defaultTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import { ENTRY_SCRIPT, bootSource, splitLeadingLinks, ssrTemplate } from '../../plugins/perf/ssr-template';
import { pageTemplate } from '../../config/perf';
import { readEnv } from '../../config/env';
import { counterSnippet } from '../../src/shared/metrica';
import { SEARCH_SHELL_TEXT } from '../../src/shared/searchShell';
import { LOADING_TEXT } from '../../src/lib/reader/loading';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const PRELOADS = '<link rel="preload" as="image" href="/img/logo.png"/>';
const APP = '<div role="region"><a href="#main">Перейти</a></div><nav class="navbar"><link rel="x" href="/in-app"/></nav>';

/** Renders a template the way Docusaurus's SSG does (ssg/ssgTemplate.js). */
function render(template: string, appHtml: string, scripts = ['assets/js/runtime~main.js', 'assets/js/main.js']): string {
  const compiled = eta.compile(template.trim(), { rmWhitespace: true });
  return compiled(
    {
      appHtml,
      baseUrl: '/',
      htmlAttributes: 'lang="ru"',
      bodyAttributes: '',
      headTags: '<title>Сигналы</title>',
      preBodyTags: '',
      postBodyTags: '',
      metaAttributes: [],
      scripts,
      stylesheets: ['assets/css/styles.css'],
      version: '3',
    },
    eta.defaultConfig,
  );
}

test('the page template moves the links React writes before the app into <head>, and nothing else', () => {
  const html = render(ssrTemplate(), PRELOADS + APP);
  const head = html.slice(0, html.indexOf('</head>'));
  const root = html.slice(html.indexOf('<div id="__docusaurus">'));
  assert.ok(head.includes(PRELOADS), head);
  assert.ok(root.startsWith(`<div id="__docusaurus">${APP}</div>`), root);
  // a link inside the app stays where React put it
  assert.equal(html.split('href="/in-app"').length, 2);
});

test('without leading links the page is what Docusaurus\'s default template renders', () => {
  assert.equal(render(ssrTemplate(), APP), render(defaultTemplate, APP));
  assert.equal(pageTemplate(readEnv({ DOCS_HYDRATION: 'load' })), ssrTemplate());
});

test('hydration on intent: the entry scripts are loaded by the inline boot, not by <script defer>', () => {
  const html = render(ssrTemplate({ hydration: 'intent' }), APP);
  const head = html.slice(0, html.indexOf('</head>'));
  assert.doesNotMatch(html, /<script src=/, 'no entry script tag');
  assert.ok(head.includes('<script data-prefetch="" data-scripts="/assets/js/runtime~main.js /assets/js/main.js">'), head);
  assert.ok(head.includes('placeholder:"Поиск по документации"'), 'the search shell gets the dialog\'s strings');
  // The boot is the last element of <head>, after the stylesheet.
  assert.ok(head.indexOf('styles.css') < head.indexOf('<script data-prefetch'));
});

test('route chunks among the page scripts: prefetched by the boot, never a script tag; entry scripts as before', () => {
  const scripts = ['assets/js/runtime~main.7beba60e.js', 'assets/js/main.da5a2865.js', 'assets/js/3167.991cfb1c.js', 'assets/js/822.1d333aba.js'];
  const intent = render(ssrTemplate({ hydration: 'intent' }), APP, scripts);
  assert.ok(
    intent.includes('<script data-prefetch="/assets/js/3167.991cfb1c.js /assets/js/822.1d333aba.js" data-scripts="/assets/js/runtime~main.7beba60e.js /assets/js/main.da5a2865.js">'),
    intent,
  );
  // The script's text is the same whatever the page's chunks: one CSP hash for every page.
  const bootText = (html: string) => /<script data-prefetch="[^"]*" data-scripts="[^"]*">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const other = render(ssrTemplate({ hydration: 'intent' }), APP, [...scripts.slice(0, 2), 'assets/js/77.aa.js']);
  assert.equal(bootText(other), bootText(intent));
  assert.ok(bootText(intent));
  const load = render(ssrTemplate(), APP, scripts);
  assert.deepEqual(
    [...load.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((match) => match[1]),
    ['/assets/js/runtime~main.7beba60e.js', '/assets/js/main.da5a2865.js'],
    'DOCS_HYDRATION=load keeps the stock tags for the entry scripts only',
  );
  assert.ok(ENTRY_SCRIPT.test('assets/js/runtime~main.js') && !ENTRY_SCRIPT.test('assets/js/domain.1a2b.js'));
});

test('the config: intent by default and with an analytics counter, stock with DOCS_HYDRATION=load', () => {
  assert.equal(readEnv({}).hydration, 'intent');
  assert.equal(readEnv({ DOCS_HYDRATION: 'LOAD' }).hydration, 'load');
  assert.throws(() => readEnv({ DOCS_HYDRATION: 'later' }), /DOCS_HYDRATION/);
  assert.match(pageTemplate(readEnv({})), /<script data-prefetch=/);
  assert.doesNotMatch(pageTemplate(readEnv({})), /eager:/, 'no page starts before the first input');
  assert.doesNotMatch(pageTemplate(readEnv({})), /ym\(|mc\.yandex/, 'no counter without an id');
  // With a counter the page still starts at the first input; its inline snippet counts the first view.
  const counted = pageTemplate(readEnv({ YANDEX_METRICA_ID: '12345' }));
  assert.doesNotMatch(counted, /eager:/);
  assert.ok(counted.includes(`<script>${counterSnippet(12345)}</script>`));
  assert.ok(counted.indexOf('<%~ it.headTags %>') < counted.indexOf(counterSnippet(12345)), 'after the <title>, which it reads');
  assert.doesNotMatch(pageTemplate(readEnv({ DOCS_HYDRATION: 'load' })), /monqBoot|eager:/);
});

test('the inline boot is compiled from TypeScript: minified, one statement, no module syntax, no comment', () => {
  const source = bootSource();
  assert.doesNotMatch(source, /\/\*|^\s*\/\/|\bimport\b|\bexport\b|\brequire\(/m);
  assert.match(source, /^\(\(\)=>\{[\s\S]*\}\)\(\);$/, 'one arrow function, called at once');
  assert.doesNotMatch(source, /\?\.|\?\?/, 'ES2019: no optional chaining or nullish coalescing for the oldest browsers');
  assert.ok(gzipSync(source).length <= 4096, `${gzipSync(source).length} bytes gzip`);
  assert.doesNotThrow(() => new Function('window', source));
});

/** A page for the boot: listeners, attributes, inserted scripts and the replayed events, nothing else. */
function fakePage({
  readyState = 'complete',
  search = '',
  mark = null as string | null,
  connection = undefined as object | undefined,
  prefetchAttribute = null as string | null,
} = {}) {
  type Listener = (event: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const attributes = new Map<string, string>([['data-has-hydrated', 'false']]);
  if (mark) attributes.set('data-hydrate', mark);
  const inserted: string[] = [];
  const prefetched: string[] = [];
  const dispatched: Array<{ on: string; type: string; init: Record<string, unknown> }> = [];
  const timers: Array<() => void> = [];
  let observer: (() => void) | null = null;
  let onParsed: (() => void) | null = null;
  const root = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => {
      attributes.set(name, value);
      if (name !== 'data-hydration') observer?.();
    },
    removeAttribute: (name: string) => {
      attributes.delete(name);
      observer?.();
    },
    hasAttribute: (name: string) => attributes.has(name),
  };
  const document = {
    documentElement: root,
    currentScript: {
      getAttribute: (name: string) => (name === 'data-prefetch' ? prefetchAttribute : name === 'data-scripts' ? '/r.js /m.js' : null),
    },
    readyState,
    head: {
      appendChild: (node: { tag: string; src: string; async: boolean; rel: string; as: string; href: string }) =>
        node.tag === 'script'
          ? inserted.push(`${node.src}${node.async ? ' async' : ''}`)
          : prefetched.push(`${node.rel} ${node.as} ${node.href}`),
    },
    // Enough of an element for the search shell, which the boot draws on a search click or shortcut.
    createElement: (tag: string) => ({
      tag,
      src: '',
      async: true,
      setAttribute() {},
      appendChild() {},
      addEventListener() {},
      focus() {},
      remove() {},
      contains: () => false,
    }),
    body: { appendChild() {} },
    activeElement: null,
    // No search worker named on this page (no meta): the shell's hold is what is tested here.
    querySelector: () => null,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'DOMContentLoaded') onParsed = listener;
    },
    dispatchEvent: (event: { type: string; init: Record<string, unknown> }) => dispatched.push({ on: 'document', ...event }),
  };
  class FakeEvent {
    constructor(
      public type: string,
      public init: Record<string, unknown>,
    ) {}
  }
  const win = {
    document,
    location: { search },
    navigator: { connection },
    matchMedia: () => ({ addEventListener() {}, removeEventListener() {} }),
    addEventListener: (type: string, listener: Listener) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type: string, listener: Listener) => listeners.get(type)?.delete(listener),
    setTimeout: (callback: () => void) => timers.push(callback),
    requestIdleCallback: (callback: () => void) => timers.push(callback),
    MutationObserver: class {
      constructor(callback: () => void) {
        observer = callback;
      }
      observe() {}
      disconnect() {
        observer = null;
      }
    },
    MouseEvent: FakeEvent,
    KeyboardEvent: FakeEvent,
  };
  /** An element of the page: `link` is the href of the link around it, if any. */
  const element = (name: string, link: string | null = null, autofocus = false, searchButton = false) => {
    const node = {
      nodeType: 1,
      tagName: name.toUpperCase(),
      disabled: false,
      hasAttribute: (attribute: string) => attribute === 'autofocus' && autofocus,
      isConnected: true,
      closest: (selector: string): unknown =>
        selector === '.DocSearch-Button'
          ? searchButton
            ? node
            : null
          : selector === 'button[disabled]'
          ? name === 'button' && node.disabled
            ? node
            : null
          : link === null
            ? null
            : { getAttribute: (attribute: string) => (attribute === 'href' ? link : null) },
      dispatchEvent: (event: { type: string; init: Record<string, unknown> }) => dispatched.push({ on: name, ...event }),
    };
    return node;
  };
  const fire = (type: string, event: Record<string, unknown> = {}) => {
    const record = { prevented: false, stopped: false };
    const full = {
      type,
      button: 0,
      defaultPrevented: false,
      preventDefault: () => (record.prevented = true),
      stopPropagation: () => (record.stopped = true),
      ...event,
    };
    for (const listener of [...(listeners.get(type) ?? [])]) listener(full);
    return record;
  };
  const hydrate = () => {
    root.setAttribute('data-hydrating', 'slices');
    root.setAttribute('data-has-hydrated', 'true');
    root.removeAttribute('data-hydrating');
    timers.splice(0).forEach((callback) => callback());
  };
  // The shipped text, run with the fake page as its `window`.
  const boot = new Function('window', bootSource()) as (win: unknown) => void;
  return {
    start: () => boot(win),
    attributes,
    inserted,
    prefetched,
    dispatched,
    listeners,
    element,
    fire,
    hydrate,
    parsed: () => onParsed?.(),
    /** One pending task runs. */
    tick: () => timers.shift()?.(),
    /** The page has loaded: the prefetches scheduled after it are made, each in its own task. */
    loaded: () => {
      let tasks = 0;
      for (let callback = timers.shift(); callback; callback = timers.shift()) {
        tasks += 1;
        callback();
      }
      return tasks;
    },
  };
}

test('boot: the route chunks are prefetched with the entry scripts and never inserted (main.js loads what it needs)', () => {
  const page = fakePage({ prefetchAttribute: '/c1.js /c2.js' });
  page.start();
  assert.deepEqual(page.prefetched, [], 'nothing competes with the page while it loads');
  assert.ok(page.loaded() >= 4, 'one link per task: no long task of requests on a slow phone');
  assert.deepEqual(page.prefetched, ['prefetch script /r.js', 'prefetch script /m.js', 'prefetch script /c1.js', 'prefetch script /c2.js']);
  page.fire('pointermove');
  assert.deepEqual(page.inserted, ['/r.js', '/m.js']);
  const frugal = fakePage({ connection: { saveData: true }, prefetchAttribute: '/c1.js' });
  frugal.start();
  frugal.loaded();
  assert.deepEqual(frugal.prefetched, [], 'nothing fetched ahead on a data saver');
  const fromAttribute = fakePage({ prefetchAttribute: '/c1.js /c2.js' });
  fromAttribute.start();
  fromAttribute.loaded();
  assert.deepEqual(fromAttribute.prefetched.slice(2), ['prefetch script /c1.js', 'prefetch script /c2.js'], 'read from data-prefetch');
  const interrupted = fakePage({ prefetchAttribute: '/c1.js /c2.js' });
  interrupted.start();
  interrupted.tick();
  interrupted.fire('pointermove');
  interrupted.loaded();
  assert.deepEqual(interrupted.prefetched, ['prefetch script /r.js'], 'the first input stops the prefetches: the page loads its scripts itself');
});

test('boot: nothing runs until the first input, which loads the runtime and then main.js, once', () => {
  const page = fakePage();
  page.start();
  assert.equal(page.attributes.get('data-hydration'), 'waiting');
  assert.deepEqual(page.inserted, []);
  page.loaded();
  assert.deepEqual(page.prefetched, ['prefetch script /r.js', 'prefetch script /m.js'], 'fetched ahead, not run');
  page.fire('focusin', { target: page.element('input', null, true) });
  assert.deepEqual(page.inserted, [], 'the browser focusing an autofocus field is not an input');
  page.fire('scroll');
  assert.deepEqual(page.inserted, ['/r.js', '/m.js'], 'in order, not async');
  assert.equal(page.attributes.get('data-hydration'), 'started');
  page.fire('pointerdown');
  page.fire('keydown', { key: 'a' });
  assert.equal(page.inserted.length, 2, 'started once');
  assert.equal(page.listeners.get('scroll')?.size, 0, 'the intent listeners are gone');
  page.hydrate();
  assert.equal(page.attributes.get('data-hydration'), 'done');
  assert.equal(page.listeners.get('click')?.size, 0);
  assert.equal(page.listeners.get('keydown')?.size, 0);
});

test('boot: a click on a button waits for hydration and is replayed on it; a link is left to the browser', () => {
  const page = fakePage();
  page.start();
  const onLink = page.fire('click', { target: page.element('span', '/docs/guide/metrics/') });
  assert.deepEqual(onLink, { prevented: false, stopped: false }, 'a real link navigates by itself');
  assert.equal(page.inserted.length, 2, 'but the click still counts as intent');
  const onButton = page.fire('click', { target: page.element('button'), clientX: 5, clientY: 7 });
  assert.deepEqual(onButton, { prevented: true, stopped: true });
  const onToggle = page.fire('click', { target: page.element('a', '#') });
  assert.equal(onToggle.prevented, true, 'a href="#" toggle is a button');
  assert.equal(page.fire('click', { target: page.element('button'), button: 1 }).prevented, false, 'not the main button');
  assert.equal(page.dispatched.length, 0, 'nothing replayed before hydration');
  page.hydrate();
  assert.deepEqual(
    page.dispatched.map(({ on, type, init }) => [on, type, init.clientX, init.bubbles]),
    [
      ['button', 'click', 5, true],
      ['a', 'click', undefined, true],
    ],
  );
  assert.equal(page.fire('click', { target: page.element('button') }).prevented, false, 'after hydration clicks pass');
});

test('boot: a press and release on a disabled button is its click once hydration has enabled it', () => {
  const page = fakePage();
  page.start();
  const toggle = page.element('button');
  toggle.disabled = true;
  page.fire('pointerdown', { target: toggle });
  page.fire('pointerup', { target: toggle });
  const other = page.element('button');
  other.disabled = true;
  page.fire('pointerdown', { target: other });
  page.fire('pointerup', { target: page.element('p') });
  assert.equal(page.dispatched.length, 0);
  toggle.disabled = false;
  page.hydrate();
  assert.deepEqual(
    page.dispatched.map(({ on, type }) => [on, type]),
    [['button', 'click']],
    'one click, on the button pressed and released; not on one the pointer left',
  );
});

test('boot: once the page reports that it cannot start, clicks and keys pass untouched', () => {
  const page = fakePage();
  page.start();
  page.fire('pointerdown');
  page.attributes.set('data-hydration', 'failed');
  assert.equal(page.fire('click', { target: page.element('button') }).prevented, false, 'the error message\'s button works');
  assert.equal(page.fire('keydown', { key: 'k', ctrlKey: true, target: page.element('body') }).prevented, false);
});

test('boot: the search shortcuts are held back and replayed; other keys only start the page', () => {
  const page = fakePage();
  page.start();
  const input = page.element('input');
  assert.equal(page.fire('keydown', { key: '/', target: input }).prevented, false, '"/" typed in a field is text');
  assert.equal(page.fire('keydown', { key: 'k', ctrlKey: true, target: page.element('body') }).prevented, true);
  // The first shortcut opened the shell: a second one is typed into it, the dialog opens once.
  assert.equal(page.fire('keydown', { key: '/', target: page.element('body') }).prevented, true);
  page.hydrate();
  assert.deepEqual(
    page.dispatched.map(({ on, type, init }) => [on, type, init.key, init.ctrlKey]),
    [['body', 'keydown', 'k', true]],
  );
  const slash = fakePage();
  slash.start();
  assert.equal(slash.fire('keydown', { key: '/', target: slash.element('body') }).prevented, true);
  // The shell holds the page's scripts for its first answer; none comes here, the time runs out.
  slash.loaded();
  assert.deepEqual(slash.inserted, ['/r.js', '/m.js']);
  slash.hydrate();
  assert.deepEqual(
    slash.dispatched.map(({ on, type, init }) => [on, type, init.key]),
    [['body', 'keydown', '/']],
  );
});

test('boot: a press on the search button holds the page’s scripts for the search shell, until the time is up', () => {
  const page = fakePage();
  page.start();
  page.loaded();
  const button = page.element('button', null, false, true);
  page.fire('pointerdown', { target: button });
  page.fire('click', { target: button });
  assert.deepEqual(page.inserted, [], 'held while the shell searches');
  page.tick();
  assert.deepEqual(page.inserted, ['/r.js', '/m.js'], 'started once the time is up');
});

test('boot: the pointer on the search button holds the scripts; leaving it without a click starts them', () => {
  const page = fakePage();
  page.start();
  page.loaded();
  const button = page.element('button', null, false, true);
  page.fire('pointermove', { target: button });
  assert.deepEqual(page.inserted, []);
  page.fire('pointerout', { target: button, relatedTarget: page.element('span', null, false, true) });
  assert.deepEqual(page.inserted, [], 'still on the button (its icon)');
  page.fire('pointerout', { target: button, relatedTarget: page.element('body') });
  assert.deepEqual(page.inserted, ['/r.js', '/m.js']);
  // Any other first input starts the page at once.
  const other = fakePage();
  other.start();
  other.fire('pointerdown', { target: other.element('body') });
  assert.equal(other.inserted.length, 2);
});

test('boot: nothing is fetched ahead on a data saver or a 2G connection', () => {
  for (const connection of [{ saveData: true, effectiveType: '4g' }, { saveData: false, effectiveType: 'slow-2g' }, { effectiveType: '2g' }]) {
    const page = fakePage({ connection });
    page.start();
    page.loaded();
    assert.deepEqual(page.prefetched, [], JSON.stringify(connection));
    page.fire('touchstart');
    assert.equal(page.inserted.length, 2, 'the first input still starts the page');
  }
  const fast = fakePage({ connection: { saveData: false, effectiveType: '4g' } });
  fast.start();
  fast.loaded();
  assert.equal(fast.prefetched.length, 2);
});

test('boot: pages marked to load and the search page with a query start at once, after the document is parsed', () => {
  const eager = fakePage({ readyState: 'loading', mark: 'load' });
  eager.start();
  assert.deepEqual(eager.inserted, [], 'not while the parser is running');
  assert.deepEqual(eager.prefetched, ['preload script /r.js', 'preload script /m.js'], 'but fetched meanwhile');
  eager.parsed();
  assert.deepEqual(eager.inserted, ['/r.js', '/m.js']);

  const query = fakePage({ search: '?q=%D1%81', mark: 'query' });
  query.start();
  assert.equal(query.inserted.length, 2);
  const bare = fakePage({ search: '', mark: 'query' });
  bare.start();
  assert.equal(bare.inserted.length, 0, 'the search page without a query waits');
  const always = fakePage({ mark: 'load' });
  always.start();
  assert.equal(always.inserted.length, 2);
});

test('the split keeps the app intact and stops at the first element that is not a link', () => {
  assert.deepEqual(splitLeadingLinks(PRELOADS + APP), { links: PRELOADS, app: APP });
  assert.deepEqual(splitLeadingLinks(APP), { links: '', app: APP });
});

test('the search shell speaks with the strings of the dialog it stands for', () => {
  const code = JSON.parse(readFileSync(new URL('../../i18n/ru/code.json', import.meta.url), 'utf8')) as Record<string, { message: string }>;
  assert.equal(SEARCH_SHELL_TEXT.label, code['theme.SearchModal.searchBox.searchInputLabel']?.message);
  assert.equal(SEARCH_SHELL_TEXT.placeholder, code['theme.SearchModal.searchBox.placeholderText']?.message);
  assert.equal(SEARCH_SHELL_TEXT.cancel, code['theme.SearchModal.searchBox.cancelButtonText']?.message);
  assert.equal(SEARCH_SHELL_TEXT.loading, LOADING_TEXT.inProgress);
  assert.equal(SEARCH_SHELL_TEXT.noResults, code['theme.SearchModal.noResultsScreen.noResultsText']?.message);
});
