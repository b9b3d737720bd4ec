// @ts-check
/* global window */
/**
 * Hydration on intent: the inline script of every page's `<head>` (plugins/perf/README.md,
 * "Hydration on intent"). The page template calls `monqBoot({...})` with the entry scripts instead
 * of loading them with `<script defer>`.
 *
 * The static HTML is the whole page: text, links, images, code. The browser bundle (runtime, then
 * `main.js`, which hydrates) starts at the reader's first sign of intent: a pointer move or press, a
 * touch, a key, focus, the wheel, a scroll, or a change of the system colour scheme. Until then no
 * script of the site runs, so a page that is only read costs no main-thread work. The scripts are
 * prefetched once the page has loaded (`<link rel="prefetch">`), except on a data saver or a 2G connection.
 *
 * Until hydration is over, a click that a link does not handle by itself (a button, a `<summary>`, a
 * `href="#"` or `role="button"` link) is held back and replayed on the same element once the page is
 * interactive; so are the search shortcuts (Ctrl+K, ⌘K, "/"). A click on a real link navigates as
 * a plain link. A press and release on a disabled button (the theme's colour-mode button is disabled
 * until hydration, and a browser sends it no click) is replayed as its click. When the page cannot
 * start, `<html data-hydration="failed">` (set by src/clientModules/chunkFailure.ts) lets every
 * click through: its error message has a button.
 *
 * A page can ask to start at once: `<html data-hydrate="load">` always, `<html data-hydrate="query">`
 * when its address has a query string (the search page shows the results of `?q=`). Builds with the analytics counter
 * wait for the first input too: the counter's inline snippet counts the first view on load
 * (src/shared/metrica.ts). The scripts are inserted once the document is parsed; a page that
 * starts while it is parsed preloads them meanwhile.
 *
 * The page's route chunks (plugins/perf/route-chunk-origins.ts) are prefetched with the entry scripts
 * but never inserted, because `main.js` requests the ones it needs. With them in the cache, the first
 * input waits for no round trip but the route part's. They come in the `data-prefetch` attribute of
 * the boot's own `<script>` (space-separated), not in its text: the text is the same on every page, so
 * the Content-Security-Policy needs one hash for it, not one per page.
 *
 * A first click on the search button (or Ctrl+K, ⌘K, "/") does not wait for the page: the boot
 * opens the search shell at once, a dialog with a focused input in which the reader can type while
 * the page starts (`config.search` holds its strings). The replayed click opens the real dialog,
 * which takes over what was typed and removes the shell (src/lib/hydration/searchShell.ts). Escape,
 * «Отменить» or a click beside the shell closes it, and the held-back click is then not replayed.
 *
 * The shell answers by itself: it starts the search worker (the `monq:search-worker` meta; pointing at
 * the search button starts it already) and lists the hits of what the reader types, as plain links.
 * While the shell waits for its first answer, the page's scripts wait too (at most HOLD_MS): on a slow
 * phone, hydration would take the processor the first answer needs. The contextual filters are those
 * the dialog sends: the page's own docs version, the version chosen earlier (local storage) or the
 * latest of the other docs instances (the `monq:search-tags` meta), and the standalone pages.
 *
 * Plain ES2019 in the browser, no module syntax: the template inlines `monqBoot.toString()`.
 *
 * @param {{ scripts: string[], search?: { label: string, placeholder: string, cancel: string, loading: string, noResults: string } }} config
 * @param {Window} [win]
 */
function monqBoot(config, win) {
  var w = win || window;
  /** The page's constructors (a test hands in a window of its own). */
  var api = /** @type {typeof globalThis} */ (/** @type {unknown} */ (w));
  var d = w.document;
  var root = d.documentElement;
  var INTENT = ['pointerdown', 'pointermove', 'touchstart', 'focusin', 'wheel', 'scroll'];
  var passive = { capture: true, passive: true };
  var started = false;
  var done = false;
  /** The search shell holds the page's scripts back until its first answer; `wanted`: start then. */
  var held = false;
  var wanted = false;
  var HOLD_MS = 3000;
  /** @type {Array<() => void>} */
  var queue = [];
  /** @type {MediaQueryList | null} */
  var scheme = w.matchMedia ? w.matchMedia('(prefers-color-scheme: dark)') : null;

  function interactive() {
    return root.getAttribute('data-has-hydrated') === 'true' && !root.hasAttribute('data-hydrating');
  }

  function finish() {
    done = true;
    root.setAttribute('data-hydration', 'done');
    w.removeEventListener('click', onClick, true);
    w.removeEventListener('keydown', onKey, true);
    w.removeEventListener('pointerdown', onPointer, true);
    w.removeEventListener('pointerup', onPointer, true);
    // One task later: the page's effects have run and its handlers are attached.
    w.setTimeout(function () {
      root.removeAttribute('data-search-pending');
      queue.splice(0).forEach(function (replay) {
        replay();
      });
    }, 0);
  }

  /** @param {Event} event */
  function onIntent(event) {
    // The browser focusing an `autofocus` field on load (the search page's) is not the reader's doing.
    var target = element(event.target);
    if (event.type === 'focusin' && target && target.hasAttribute('autofocus')) return;
    // The pointer on the search button, or a press on it: its click opens the shell, which the page's
    // scripts wait for.
    if (/^(pointer|touch)/.test(event.type) && target && target.closest('.DocSearch-Button')) hold();
    start();
  }

  /** The shell is about to search: the page's scripts wait for its first answer, HOLD_MS at most. */
  function hold() {
    if (started || held) return;
    held = true;
    searchWorker();
    w.setTimeout(release, HOLD_MS);
  }

  function release() {
    if (!held) return;
    held = false;
    if (wanted) start();
  }

  function start() {
    if (started) return;
    if (held) {
      wanted = true;
      return;
    }
    started = true;
    INTENT.forEach(function (type) {
      w.removeEventListener(type, onIntent, passive);
    });
    if (scheme && scheme.removeEventListener) scheme.removeEventListener('change', start);
    root.setAttribute('data-hydration', 'started');
    var observer = new api.MutationObserver(function () {
      if (failed()) closeShell();
      if (!interactive()) return;
      observer.disconnect();
      finish();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-has-hydrated', 'data-hydrating', 'data-hydration'] });
    // The bundle hydrates the whole document: never before the parser has finished it. Meanwhile
    // (a page that starts at once) the scripts are fetched.
    if (d.readyState === 'loading') {
      hint('preload', config.scripts);
      d.addEventListener('DOMContentLoaded', insert);
    } else insert();
  }

  /**
   * @param {string} rel `preload` (needed now) or `prefetch` (needed at the first input)
   * @param {string[]} sources
   */
  function hint(rel, sources) {
    sources.forEach(function (src) {
      var link = d.createElement('link');
      link.rel = rel;
      link.as = 'script';
      link.href = src;
      d.head.appendChild(link);
    });
  }

  function insert() {
    config.scripts.forEach(function (src) {
      var script = d.createElement('script');
      script.src = src;
      // Inserted scripts are async by default: keep the runtime before main.js.
      script.async = false;
      // The page will not start: the search shell would wait for nothing.
      script.onerror = closeShell;
      d.head.appendChild(script);
    });
  }

  /** The page's route chunks, from the boot script's `data-prefetch`. */
  function routeChunks() {
    var own = d.currentScript;
    var list = own ? own.getAttribute('data-prefetch') : null;
    return list ? list.split(' ').filter(Boolean) : [];
  }

  /** @param {EventTarget | null} target */
  function element(target) {
    return target && /** @type {Node} */ (target).nodeType === 1 ? /** @type {Element} */ (target) : null;
  }

  /** The page could not start (its chunks failed: src/clientModules/chunkFailure.ts): hold nothing back. */
  function failed() {
    return root.getAttribute('data-hydration') === 'failed';
  }

  /** @param {MouseEvent} event */
  function onClick(event) {
    if (done || failed()) return;
    start();
    var target = element(event.target);
    if (!target || event.button !== 0 || event.defaultPrevented) return;
    // The shell is a working dialog: its own clicks are not held back.
    if (shell && shell.root.contains(target)) return;
    var link = target.closest('a[href]');
    if (link && link.getAttribute('href') !== '#' && link.getAttribute('role') !== 'button') return;
    event.preventDefault();
    event.stopPropagation();
    // The search dialog starts loading with the page's scripts (src/theme/SearchBar); meanwhile the
    // shell takes the reader's typing. If the reader closes the shell, this click is not replayed.
    var opened = target.closest('.DocSearch-Button') ? openShell() : null;
    var init = {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: w,
      detail: event.detail,
      screenX: event.screenX,
      screenY: event.screenY,
      clientX: event.clientX,
      clientY: event.clientY,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      button: 0,
    };
    queue.push(function () {
      if (opened && opened.closed) return;
      if (target && target.isConnected) target.dispatchEvent(new api.MouseEvent('click', init));
    });
  }

  /** The disabled button the pointer went down on (the theme's colour-mode button until hydration). */
  /** @type {HTMLButtonElement | null} */
  var pressed = null;

  /**
   * A browser sends no click to a disabled button, only pointer events. A press and release on the
   * same disabled button counts as its click, replayed once hydration has enabled it.
   * @param {PointerEvent} event
   */
  function onPointer(event) {
    if (done || failed()) return;
    var target = element(event.target);
    var button = /** @type {HTMLButtonElement | null} */ (target && target.closest('button[disabled]'));
    if (event.type === 'pointerdown') {
      pressed = event.button === 0 ? button : null;
      return;
    }
    if (button && button === pressed) {
      var init = { bubbles: true, cancelable: true, composed: true, view: w, detail: 1, button: 0 };
      queue.push(function () {
        if (button && button.isConnected && !button.disabled) button.dispatchEvent(new api.MouseEvent('click', init));
      });
    }
    pressed = null;
  }

  /** @param {EventTarget | null} target */
  function editable(target) {
    var el = element(target);
    if (!el) return false;
    var tag = el.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || /** @type {HTMLElement} */ (el).isContentEditable;
  }

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    if (done || failed()) return;
    var key = event.key;
    var shortcut = ((key === 'k' || key === 'K') && (event.ctrlKey || event.metaKey)) || (key === '/' && !editable(event.target));
    if (shortcut && !shell) hold();
    start();
    if (!shortcut) return;
    event.preventDefault();
    // The shell is open already: the dialog it stands for will open once.
    if (shell) return;
    var opened = openShell();
    var target = event.target;
    var init = {
      bubbles: true,
      cancelable: true,
      composed: true,
      key: key,
      code: event.code,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
    };
    queue.push(function () {
      if (opened && opened.closed) return;
      var to = target && /** @type {Node} */ (target).isConnected ? target : d;
      to.dispatchEvent(new api.KeyboardEvent('keydown', init));
    });
  }

  /**
   * The open search shell; `closed` becomes true when the reader dismisses it. `back` had focus
   * before it opened (the search button after a click) and gets it again when the shell closes.
   * @type {{ root: HTMLElement, closed: boolean, back: Element | null } | null}
   */
  var shell = null;

  /**
   * Opens the search shell, or returns the one already open. Without strings (`config.search`
   * absent) there is no shell: the click waits for the page as any other.
   * @returns {{ closed: boolean }}
   */
  function openShell() {
    root.setAttribute('data-search-pending', '');
    if (shell) return shell;
    var text = config.search;
    if (!text) return { closed: false };
    var box = d.createElement('div');
    box.className = 'monq-search-shell';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', text.label);
    var panel = d.createElement('div');
    panel.className = 'monq-search-shell__panel';
    var form = d.createElement('form');
    form.className = 'monq-search-shell__form';
    form.setAttribute('role', 'search');
    var input = d.createElement('input');
    input.className = 'monq-search-shell__input';
    input.type = 'search';
    input.placeholder = text.placeholder;
    input.setAttribute('aria-label', text.label);
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('autocapitalize', 'off');
    input.setAttribute('enterkeyhint', 'search');
    input.spellcheck = false;
    input.maxLength = 512;
    var cancel = d.createElement('button');
    cancel.type = 'button';
    cancel.className = 'monq-search-shell__cancel';
    cancel.textContent = text.cancel;
    var status = d.createElement('p');
    status.className = 'monq-search-shell__status';
    status.setAttribute('role', 'status');
    status.textContent = text.loading;
    var results = d.createElement('div');
    results.className = 'monq-search-shell__results';
    form.appendChild(input);
    form.appendChild(cancel);
    panel.appendChild(form);
    panel.appendChild(status);
    panel.appendChild(results);
    box.appendChild(panel);
    var opened = { root: box, closed: false, back: d.activeElement };
    shell = opened;
    var asked = 0;
    var strings = text;
    input.addEventListener('input', function () {
      var query = input.value.trim();
      var id = 'shell-' + ++asked;
      if (!query) {
        results.textContent = '';
        status.textContent = strings.loading;
        return;
      }
      ask(id, query, function (reply) {
        if (id !== 'shell-' + asked || !reply.results) return;
        showHits(results, status, reply.results[0], query, strings);
        // Painted: the page's scripts may start.
        if (held) w.requestAnimationFrame(function () {
          w.setTimeout(release, 0);
        });
      });
    });
    box.addEventListener('keydown', function (event) {
      var links = Array.prototype.slice.call(results.querySelectorAll('a'));
      var at = links.indexOf(d.activeElement);
      var next = event.key === 'ArrowDown' ? at + 1 : event.key === 'ArrowUp' ? at - 1 : null;
      if (next === null || links.length === 0) return;
      event.preventDefault();
      if (next < 0) input.focus();
      else links[Math.min(next, links.length - 1)].focus();
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
    });
    cancel.addEventListener('click', closeShell);
    box.addEventListener('click', function (event) {
      if (event.target === box) closeShell();
    });
    box.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') closeShell();
    });
    d.body.appendChild(box);
    input.focus();
    return opened;
  }

  /** The reader dismissed the shell, or the page cannot start: the search click is not replayed. */
  function closeShell() {
    var open = shell;
    if (!open) return;
    shell = null;
    open.closed = true;
    if (open.root.parentNode) open.root.parentNode.removeChild(open.root);
    root.removeAttribute('data-search-pending');
    release();
    var back = /** @type {HTMLElement | null} */ (open.back);
    if (back && back.isConnected && typeof back.focus === 'function') back.focus();
  }

  /** @param {string} name */
  function meta(name) {
    var found = d.querySelector('meta[name="' + name + '"]');
    return found ? found.getAttribute('content') || '' : '';
  }

  /** The page's search worker (the search bar takes it over once the page is interactive), or null. */
  function searchWorker() {
    var host = /** @type {{ monqSearchWorker?: Worker }} */ (/** @type {unknown} */ (w));
    if (host.monqSearchWorker) return host.monqSearchWorker;
    var url = meta('monq:search-worker');
    if (!url || !api.Worker) return null;
    try {
      host.monqSearchWorker = new api.Worker(url);
    } catch {
      return null;
    }
    return host.monqSearchWorker;
  }

  /** The contextual filters the search dialog would send from this page. */
  function facetFilters() {
    var own = meta('docusaurus_tag');
    var tags = meta('monq:search-tags')
      .split(' ')
      .filter(Boolean)
      .map(function (tag) {
        var plugin = /^docs-(.+)-[^-]+$/.exec(tag);
        if (!plugin) return tag;
        if (own.indexOf('docs-' + plugin[1] + '-') === 0) return own;
        var preferred = null;
        // The theme's key carries the site's storage namespace (meta monq:site-storage, plugins/search-index).
        var storage = meta('monq:site-storage').split(' ');
        try {
          var store = storage[0] === 'sessionStorage' ? w.sessionStorage : w.localStorage;
          preferred = store.getItem('docs-preferred-version-' + plugin[1] + (storage[1] || ''));
        } catch {
          preferred = null;
        }
        return preferred ? 'docs-' + plugin[1] + '-' + preferred : tag;
      });
    return ['language:' + (meta('docsearch:language') || root.lang || 'ru'), tags.map(function (tag) {
      return 'docusaurus_tag:' + tag;
    })];
  }

  /**
   * Sends a query to the worker; `reply` gets its answer.
   * @param {string} id
   * @param {string} query
   * @param {(reply: { id: string, results?: Array<{ hits: SearchHit[], nbHits: number }> }) => void} reply
   */
  function ask(id, query, reply) {
    var worker = searchWorker();
    if (!worker) return;
    /** @param {MessageEvent} event */
    var listener = function (event) {
      if (!event.data || event.data.id !== id) return;
      if (worker) worker.removeEventListener('message', listener);
      reply(event.data);
    };
    worker.addEventListener('message', listener);
    worker.postMessage({
      id: id,
      requests: [
        {
          query: query,
          facetFilters: facetFilters(),
          hitsPerPage: 8,
          attributesToSnippet: ['content:14'],
          snippetEllipsisText: '…',
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
        },
      ],
    });
  }

  /**
   * @typedef {{ url: string, hierarchy: Record<string, string | null>, _snippetResult?: { content?: { value: string } } }} SearchHit
   */

  /**
   * Lists the hits in the shell: links to the page and heading, with the snippet of the text. The
   * snippet is the worker's, HTML-escaped there before `<mark>` is added (as the dialog shows it).
   * @param {HTMLElement} results
   * @param {HTMLElement} status
   * @param {{ hits: SearchHit[], nbHits: number } | undefined} answer
   * @param {string} query
   * @param {{ noResults: string, loading: string }} text
   */
  function showHits(results, status, answer, query, text) {
    results.textContent = '';
    var hits = answer ? answer.hits : [];
    status.textContent = hits.length === 0 ? text.noResults + ' «' + query + '»' : '';
    hits.forEach(function (hit) {
      var address = new api.URL(hit.url, w.location.href);
      var link = d.createElement('a');
      link.className = 'monq-search-shell__hit';
      link.href = address.pathname + address.hash;
      var title = d.createElement('span');
      title.className = 'monq-search-shell__title';
      var levels = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'].filter(function (level) {
        return hit.hierarchy[level];
      });
      title.textContent = [hit.hierarchy.lvl1].concat(levels.length ? [hit.hierarchy[levels[0]]] : []).join(' › ');
      link.appendChild(title);
      var snippet = hit._snippetResult && hit._snippetResult.content;
      if (snippet) {
        var body = d.createElement('span');
        body.className = 'monq-search-shell__snippet';
        body.innerHTML = snippet.value;
        link.appendChild(body);
      }
      results.appendChild(link);
    });
  }

  /** Data saver or a 2G connection: nothing is fetched ahead (as for the prefetch of linked pages). */
  function frugal() {
    var connection = /** @type {{ saveData?: boolean, effectiveType?: string } | undefined} */ (
      /** @type {{ connection?: unknown }} */ (w.navigator).connection
    );
    return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType || ''));
  }

  root.setAttribute('data-hydration', 'waiting');
  // Pointing at the search button, or focusing it, starts the search worker. A pointer that leaves
  // the button without a click lets the page's scripts start (the hold was for the shell).
  /** @param {Event} event */
  var onSearchIntent = function (event) {
    var target = element(event.target);
    if (!target || !target.closest('.DocSearch-Button')) return;
    if (event.type === 'pointerout') {
      var to = element(/** @type {PointerEvent} */ (event).relatedTarget);
      if (!shell && !(to && to.closest('.DocSearch-Button'))) release();
      return;
    }
    searchWorker();
  };
  w.addEventListener('pointerover', onSearchIntent, passive);
  w.addEventListener('pointerout', onSearchIntent, passive);
  w.addEventListener('focusin', onSearchIntent, passive);
  w.addEventListener('click', onClick, true);
  w.addEventListener('keydown', onKey, true);
  w.addEventListener('pointerdown', onPointer, true);
  w.addEventListener('pointerup', onPointer, true);
  var mark = root.getAttribute('data-hydrate');
  if (mark === 'load' || (mark === 'query' && w.location.search.length > 1)) {
    start();
    return;
  }
  INTENT.forEach(function (type) {
    w.addEventListener(type, onIntent, passive);
  });
  // Fetched once the page has loaded and painted, in idle time, run only at the first input.
  // Requested earlier, the prefetches would share the connection and the main thread with the page's
  // own stylesheet, images and first paint. One link per idle callback: each request costs the main
  // thread a few milliseconds on a slow phone, and fifteen at once made a long task just as the
  // reader starts to scroll.
  if (!frugal()) {
    var ahead = config.scripts.concat(routeChunks());
    var idle = w.requestIdleCallback
      ? function (/** @type {() => void} */ task) {
          w.requestIdleCallback(task, { timeout: 3000 });
        }
      : function (/** @type {() => void} */ task) {
          w.setTimeout(task, 0);
        };
    var next = function () {
      if (started || ahead.length === 0) return;
      hint('prefetch', ahead.splice(0, 1));
      idle(next);
    };
    var prefetch = function () {
      idle(next);
    };
    if (d.readyState === 'complete') prefetch();
    else w.addEventListener('load', prefetch);
  }
  if (scheme && scheme.addEventListener) scheme.addEventListener('change', start);
}

module.exports = { monqBoot };
