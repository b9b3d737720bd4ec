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
 * when its address has a query string (the search page shows the results of `?q=`). `eager` starts
 * every page at once (the analytics counter counts each page view on load). The scripts are inserted
 * once the document is parsed; a page that starts while it is parsed preloads them meanwhile.
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
 * Plain ES2017 in the browser, no module syntax: the template inlines `monqBoot.toString()`.
 *
 * @param {{ scripts: string[], eager: boolean, search?: { label: string, placeholder: string, cancel: string, loading: string } }} config
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
    start();
  }

  function start() {
    if (started) return;
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
    start();
    var key = event.key;
    var shortcut = ((key === 'k' || key === 'K') && (event.ctrlKey || event.metaKey)) || (key === '/' && !editable(event.target));
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
    form.appendChild(input);
    form.appendChild(cancel);
    panel.appendChild(form);
    panel.appendChild(status);
    box.appendChild(panel);
    var opened = { root: box, closed: false, back: d.activeElement };
    shell = opened;
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
    var back = /** @type {HTMLElement | null} */ (open.back);
    if (back && back.isConnected && typeof back.focus === 'function') back.focus();
  }

  /** Data saver or a 2G connection: nothing is fetched ahead (as for the prefetch of linked pages). */
  function frugal() {
    var connection = /** @type {{ saveData?: boolean, effectiveType?: string } | undefined} */ (
      /** @type {{ connection?: unknown }} */ (w.navigator).connection
    );
    return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType || ''));
  }

  root.setAttribute('data-hydration', 'waiting');
  w.addEventListener('click', onClick, true);
  w.addEventListener('keydown', onKey, true);
  w.addEventListener('pointerdown', onPointer, true);
  w.addEventListener('pointerup', onPointer, true);
  var mark = root.getAttribute('data-hydrate');
  if (config.eager || mark === 'load' || (mark === 'query' && w.location.search.length > 1)) {
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
