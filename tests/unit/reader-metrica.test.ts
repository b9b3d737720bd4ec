import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  METRICA_INIT_OPTIONS,
  METRICA_TAG_URL,
  counterId,
  counterSnippet,
  isPageView,
  pageViewHit,
  type LocationLike,
} from '../../src/shared/metrica';
import { buildCsp } from '../../plugins/deploy/csp';

const origin = 'https://docs.monq.ru';
const at = (pathname: string, search = '', hash = ''): LocationLike => ({ pathname, search, hash });

describe('which route changes are page views', () => {
  test('the first page load is one', () => {
    assert.equal(isPageView(null, at('/docs/get-started/')), true);
  });
  test('a change of path is one', () => {
    assert.equal(isPageView(at('/docs/get-started/'), at('/glossary/')), true);
    assert.equal(isPageView(at('/glossary/', '', '#a'), at('/docs/', '', '#a')), true);
  });
  test('a change of only the hash is not', () => {
    assert.equal(isPageView(at('/glossary/'), at('/glossary/', '', '#metrika')), false);
    assert.equal(isPageView(at('/glossary/', '', '#a'), at('/glossary/', '', '#b')), false);
    assert.equal(isPageView(at('/glossary/', '', '#a'), at('/glossary/')), false);
  });
  test('a change of only the query (the search page as the reader types) is not', () => {
    assert.equal(isPageView(at('/demo-search/', '?q=a'), at('/demo-search/', '?q=ab')), false);
  });
  test('a move back to the same path after leaving it is', () => {
    assert.equal(isPageView(at('/glossary/'), at('/docs/')), true);
    assert.equal(isPageView(at('/docs/'), at('/glossary/')), true);
  });
});

describe('what a hit carries', () => {
  test('first page view: the page URL and title, the document referrer', () => {
    assert.deepEqual(pageViewHit(null, at('/docs/', '', '#x'), origin, 'Документация | Monq Docs', 'https://ya.ru/'), {
      url: 'https://docs.monq.ru/docs/',
      title: 'Документация | Monq Docs',
      referer: 'https://ya.ru/',
    });
  });
  test('route change: the new URL with its query, the title given, the previous URL as referer', () => {
    assert.deepEqual(
      pageViewHit(at('/docs/', '', '#top'), at('/demo-search/', '?q=метрики'), origin, 'Поиск | Monq Docs', 'https://ya.ru/'),
      {
        url: 'https://docs.monq.ru/demo-search/?q=метрики',
        title: 'Поиск | Monq Docs',
        referer: 'https://docs.monq.ru/docs/',
      },
    );
  });
  test('hash-only change: no hit', () => {
    assert.equal(pageViewHit(at('/docs/'), at('/docs/', '', '#a'), origin, 't', ''), null);
  });
});

describe('counter settings', () => {
  test('the id is a positive number or nothing', () => {
    assert.equal(counterId('10000001'), 10000001);
    assert.equal(counterId(42), 42);
    assert.equal(counterId(null), null);
    assert.equal(counterId(undefined), null);
    assert.equal(counterId(''), null);
    assert.equal(counterId('12a'), null);
    assert.equal(counterId('0'), null);
    assert.equal(counterId(-5), null);
    assert.equal(counterId('99999999999999999999'), null);
  });
  test('the counter build\'s policy lets the tag load; a build without the counter allows no outside host', () => {
    const scriptSrc = (policy: string) => policy.split('; ').find((part) => part.startsWith('script-src ')) ?? '';
    const tagOrigin = new URL(METRICA_TAG_URL).origin;
    assert.equal(new URL(METRICA_TAG_URL).protocol, 'https:');
    assert.ok(scriptSrc(buildCsp({ scriptHashes: [], analytics: true, hostedSearch: null })).split(' ').includes(tagOrigin), tagOrigin);
    assert.doesNotMatch(buildCsp({ scriptHashes: [], analytics: false, hostedSearch: null }), /https?:\/\//);
  });
});

describe('the inline counter of a page', () => {
  test('queues init and the first view\'s hit as pageViewHit has it, loads the tag in idle time after the page has loaded, marks the first hit', () => {
    const calls: unknown[][] = [];
    const appended: { src: string; async: boolean }[] = [];
    const onLoad: Array<() => void> = [];
    const document = {
      readyState: 'interactive',
      title: 'Сигналы | Monq Docs',
      referrer: 'https://ya.ru/',
      createElement: () => ({ src: '', async: false }),
      head: { appendChild: (script: { src: string; async: boolean }) => appended.push(script) },
    };
    const location = { origin, pathname: '/docs/guide/signals/', search: '?x=1', hash: '#a' };
    const idle: Array<{ task: () => void; timeout: number }> = [];
    const window: {
      ym?: { a?: unknown[][] };
      monqFirstHit?: boolean;
      addEventListener: (type: string, listener: () => void) => void;
      requestIdleCallback: (task: () => void, options: { timeout: number }) => void;
    } = {
      addEventListener: (type, listener) => {
        if (type === 'load') onLoad.push(listener);
      },
      requestIdleCallback: (task, options) => idle.push({ task, timeout: options.timeout }),
    };
    new Function('window', 'document', 'location', counterSnippet(42))(window, document, location);
    for (const args of window.ym?.a ?? []) calls.push(Array.from(args as ArrayLike<unknown>));
    const hit = pageViewHit(null, location, origin, document.title, document.referrer)!;
    assert.deepEqual(calls, [
      [42, 'init', { ...METRICA_INIT_OPTIONS }],
      [42, 'hit', hit.url, { title: hit.title, referer: hit.referer }],
    ]);
    // The snippet sends the first view's hit itself: init must defer the counter's own, or it is counted twice.
    assert.equal((calls[0]![2] as { defer?: unknown }).defer, true, 'init defers the first page view to the snippet\'s hit');
    assert.equal(window.monqFirstHit, true);
    assert.deepEqual(appended, [], 'the tag waits for the page to load');
    onLoad.forEach((listener) => listener());
    assert.deepEqual(appended, [], 'nor for its first paint: the tag waits for idle time');
    assert.deepEqual(idle.map((entry) => entry.timeout), [3000], 'at most 3 s');
    idle.forEach((entry) => entry.task());
    assert.deepEqual(appended, [{ src: METRICA_TAG_URL, async: true }]);

  });
});
