/**
 * Hydration on intent: the inline script of every page's `<head>` (plugins/perf/README.md,
 * "Hydration on intent"). plugins/perf/boot-script.ts compiles this file with esbuild into that
 * script at build time; its page data come from the script element's own attributes, so that its
 * text is the same on every page and the Content-Security-Policy needs one hash for it.
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
 * when its address has a query string (the search page shows the results of `?q=`). Builds with the
 * analytics counter wait for the first input too: the counter's inline snippet counts the first view
 * on load (src/shared/metrica.ts). The scripts are inserted once the document is parsed; a page that
 * starts while it is parsed preloads them meanwhile.
 *
 * The page's route chunks (plugins/perf/route-chunk-origins.ts) are prefetched with the entry scripts
 * but never inserted, because `main.js` requests the ones it needs. With them in the cache, the first
 * input waits for no round trip but the route part's.
 *
 * A first click on the search button (or Ctrl+K, ⌘K, "/") does not wait for the page: the boot
 * opens the search shell at once, a dialog with a focused input in which the reader can type while
 * the page starts. The replayed click opens the real dialog, which takes over what was typed and
 * removes the shell (src/lib/hydration/searchShell.ts). Escape, «Отменить» or a click beside the
 * shell closes it, and the held-back click is then not replayed.
 *
 * The shell answers by itself: it starts the search worker (the `monq:search-worker` meta; pointing at
 * the search button starts it already) and lists the hits of what the reader types, as plain links.
 * While the shell waits for its first answer, the page's scripts wait too (at most HOLD_MS): on a slow
 * phone, hydration would take the processor the first answer needs. Its contextual filters and the
 * text of its hits follow the dialog's rules (src/shared/search/contextual.ts, hitText.ts).
 */
import { contextualFacetFilters, contextualTags, parseVersionTag, preferredVersionKey } from '../../shared/search/contextual';
import { hitTrail, type TextHit } from '../../shared/search/hitText';
import { STORAGE_META, TAGS_META, WORKER_META } from '../../shared/search/meta';
import { SEARCH_SHELL_TEXT } from '../../shared/searchShell';

export type ShellText = { readonly [key in keyof typeof SEARCH_SHELL_TEXT]: string };

export interface BootConfig {
  /** The entry scripts, in order: Docusaurus's runtime, then `main.js`. */
  scripts: string[];
  /** The page's route chunks: prefetched with the entry scripts, never inserted. */
  prefetch: string[];
  /** The search shell's strings; without them there is no shell and a search click waits for the page. */
  search?: ShellText;
}

/** The attributes of the boot's `<script>` that carry its page data (space-separated addresses). */
export const BOOT_ATTRIBUTES = { prefetch: 'data-prefetch', scripts: 'data-scripts' } as const;

/** How long the shell's first answer may hold the page's scripts back. */
export const HOLD_MS = 3000;

const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'focusin', 'wheel', 'scroll'] as const;

interface ShellHit extends TextHit {
  url: string;
  _snippetResult?: { content?: { value: string } };
}

interface WorkerReply {
  id: string;
  results?: Array<{ hits: ShellHit[]; nbHits: number }>;
}

interface OpenShell {
  root: HTMLElement;
  closed: boolean;
  /** Had focus before the shell opened (the search button after a click); gets it back on close. */
  back: Element | null;
}

/** The list of addresses in one of the script's attributes. */
function addresses(script: Element | null, name: string): string[] {
  return (script?.getAttribute(name) ?? '').split(' ').filter(Boolean);
}

/** The inline script's entry point: reads its page data from its own `<script>` and starts the boot. */
export function bootFromScript(win: Window = window): void {
  const own = win.document.currentScript;
  monqBoot(
    { scripts: addresses(own, BOOT_ATTRIBUTES.scripts), prefetch: addresses(own, BOOT_ATTRIBUTES.prefetch), search: SEARCH_SHELL_TEXT },
    win,
  );
}

export function monqBoot(config: BootConfig, win: Window = window): void {
  const w = win;
  /** The page's constructors (a test hands in a window of its own). */
  const api = w as unknown as typeof globalThis;
  const d = w.document;
  const root = d.documentElement;
  const passive = { capture: true, passive: true };
  let started = false;
  let done = false;
  /** The search shell holds the page's scripts back until its first answer; `wanted`: start then. */
  let held = false;
  let wanted = false;
  const queue: Array<() => void> = [];
  const scheme = w.matchMedia ? w.matchMedia('(prefers-color-scheme: dark)') : null;
  let shell: OpenShell | null = null;
  /** The disabled button the pointer went down on (the theme's colour-mode button until hydration). */
  let pressed: HTMLButtonElement | null = null;

  const element = (target: EventTarget | null): Element | null =>
    target && (target as Node).nodeType === 1 ? (target as Element) : null;

  const interactive = () => root.getAttribute('data-has-hydrated') === 'true' && !root.hasAttribute('data-hydrating');

  /** The page could not start (its chunks failed: src/clientModules/chunkFailure.ts): hold nothing back. */
  const failed = () => root.getAttribute('data-hydration') === 'failed';

  const meta = (name: string) => d.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';

  function finish() {
    done = true;
    root.setAttribute('data-hydration', 'done');
    w.removeEventListener('click', onClick, true);
    w.removeEventListener('keydown', onKey, true);
    w.removeEventListener('pointerdown', onPointer, true);
    w.removeEventListener('pointerup', onPointer, true);
    // One task later: the page's effects have run and its handlers are attached.
    w.setTimeout(() => {
      root.removeAttribute('data-search-pending');
      for (const replay of queue.splice(0)) replay();
    }, 0);
  }

  function onIntent(event: Event) {
    // The browser focusing an `autofocus` field on load (the search page's) is not the reader's doing.
    const target = element(event.target);
    if (event.type === 'focusin' && target?.hasAttribute('autofocus')) return;
    // The pointer on the search button, or a press on it: its click opens the shell, which the page's
    // scripts wait for.
    if (/^(pointer|touch)/.test(event.type) && target?.closest('.DocSearch-Button')) hold();
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
    for (const type of INTENT) w.removeEventListener(type, onIntent, passive);
    scheme?.removeEventListener?.('change', start);
    root.setAttribute('data-hydration', 'started');
    const observer = new api.MutationObserver(() => {
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

  /** `preload`: needed now; `prefetch`: needed at the first input. */
  function hint(rel: 'preload' | 'prefetch', sources: string[]) {
    for (const src of sources) {
      const link = d.createElement('link');
      link.rel = rel;
      link.as = 'script';
      link.href = src;
      d.head.appendChild(link);
    }
  }

  function insert() {
    for (const src of config.scripts) {
      const script = d.createElement('script');
      script.src = src;
      // Inserted scripts are async by default: keep the runtime before main.js.
      script.async = false;
      // The page will not start: the search shell would wait for nothing.
      script.onerror = closeShell;
      d.head.appendChild(script);
    }
  }

  function onClick(event: MouseEvent) {
    if (done || failed()) return;
    start();
    const target = element(event.target);
    if (!target || event.button !== 0 || event.defaultPrevented) return;
    // The shell is a working dialog: its own clicks are not held back.
    if (shell?.root.contains(target)) return;
    const link = target.closest('a[href]');
    if (link && link.getAttribute('href') !== '#' && link.getAttribute('role') !== 'button') return;
    event.preventDefault();
    event.stopPropagation();
    // The search dialog starts loading with the page's scripts (src/theme/SearchBar); meanwhile the
    // shell takes the reader's typing. If the reader closes the shell, this click is not replayed.
    const opened = target.closest('.DocSearch-Button') ? openShell() : null;
    const init: MouseEventInit = {
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
    queue.push(() => {
      if (opened?.closed) return;
      if (target.isConnected) target.dispatchEvent(new api.MouseEvent('click', init));
    });
  }

  /**
   * A browser sends no click to a disabled button, only pointer events. A press and release on the
   * same disabled button counts as its click, replayed once hydration has enabled it.
   */
  function onPointer(event: PointerEvent) {
    if (done || failed()) return;
    const button = element(event.target)?.closest<HTMLButtonElement>('button[disabled]') ?? null;
    if (event.type === 'pointerdown') {
      pressed = event.button === 0 ? button : null;
      return;
    }
    if (button && button === pressed) {
      const init: MouseEventInit = { bubbles: true, cancelable: true, composed: true, view: w, detail: 1, button: 0 };
      queue.push(() => {
        if (button.isConnected && !button.disabled) button.dispatchEvent(new api.MouseEvent('click', init));
      });
    }
    pressed = null;
  }

  function editable(target: EventTarget | null): boolean {
    const el = element(target);
    if (!el) return false;
    const tag = el.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (el as HTMLElement).isContentEditable;
  }

  function onKey(event: KeyboardEvent) {
    if (done || failed()) return;
    const key = event.key;
    const shortcut = ((key === 'k' || key === 'K') && (event.ctrlKey || event.metaKey)) || (key === '/' && !editable(event.target));
    if (shortcut && !shell) hold();
    start();
    if (!shortcut) return;
    event.preventDefault();
    // The shell is open already: the dialog it stands for will open once.
    if (shell) return;
    const opened = openShell();
    const target = event.target;
    const init: KeyboardEventInit = {
      bubbles: true,
      cancelable: true,
      composed: true,
      key,
      code: event.code,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
    };
    queue.push(() => {
      if (opened.closed) return;
      const to = target && (target as Node).isConnected ? target : d;
      to.dispatchEvent(new api.KeyboardEvent('keydown', init));
    });
  }

  function create<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent?: Element): HTMLElementTagNameMap[K] {
    const node = d.createElement(tag);
    node.className = className;
    parent?.appendChild(node);
    return node;
  }

  /**
   * Opens the search shell, or returns the one already open. Without strings (`config.search`
   * absent) there is no shell: the click waits for the page as any other.
   */
  function openShell(): { closed: boolean } {
    root.setAttribute('data-search-pending', '');
    if (shell) return shell;
    const text = config.search;
    if (!text) return { closed: false };
    const box = create('div', 'monq-search-shell');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', text.label);
    const panel = create('div', 'monq-search-shell__panel', box);
    const form = create('form', 'monq-search-shell__form', panel);
    form.setAttribute('role', 'search');
    const input = create('input', 'monq-search-shell__input', form);
    input.type = 'search';
    input.placeholder = text.placeholder;
    input.setAttribute('aria-label', text.label);
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('autocapitalize', 'off');
    input.setAttribute('enterkeyhint', 'search');
    input.spellcheck = false;
    input.maxLength = 512;
    const cancel = create('button', 'monq-search-shell__cancel', form);
    cancel.type = 'button';
    cancel.textContent = text.cancel;
    const status = create('p', 'monq-search-shell__status', panel);
    status.setAttribute('role', 'status');
    status.textContent = text.loading;
    const results = create('div', 'monq-search-shell__results', panel);
    const opened: OpenShell = { root: box, closed: false, back: d.activeElement };
    shell = opened;
    let asked = 0;
    input.addEventListener('input', () => {
      const query = input.value.trim();
      const id = `shell-${++asked}`;
      if (!query) {
        results.textContent = '';
        status.textContent = text.loading;
        return;
      }
      ask(id, query, (reply) => {
        if (id !== `shell-${asked}` || !reply.results) return;
        showHits(results, status, reply.results[0], query, text);
        // Painted: the page's scripts may start.
        if (held) w.requestAnimationFrame(() => w.setTimeout(release, 0));
      });
    });
    box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        closeShell();
        return;
      }
      const links = Array.from(results.querySelectorAll('a'));
      const at = links.indexOf(d.activeElement as HTMLAnchorElement);
      const next = event.key === 'ArrowDown' ? at + 1 : event.key === 'ArrowUp' ? at - 1 : null;
      if (next === null || links.length === 0) return;
      event.preventDefault();
      if (next < 0) input.focus();
      else links[Math.min(next, links.length - 1)]!.focus();
    });
    form.addEventListener('submit', (event) => event.preventDefault());
    cancel.addEventListener('click', closeShell);
    box.addEventListener('click', (event) => {
      if (event.target === box) closeShell();
    });
    d.body.appendChild(box);
    input.focus();
    return opened;
  }

  /** The reader dismissed the shell, or the page cannot start: the search click is not replayed. */
  function closeShell() {
    const open = shell;
    if (!open) return;
    shell = null;
    open.closed = true;
    open.root.remove();
    root.removeAttribute('data-search-pending');
    release();
    const back = open.back as HTMLElement | null;
    if (back?.isConnected && typeof back.focus === 'function') back.focus();
  }

  /** The page's search worker (the search bar takes it over once the page is interactive), or null. */
  function searchWorker(): Worker | null {
    const host = w as unknown as { monqSearchWorker?: Worker };
    if (host.monqSearchWorker) return host.monqSearchWorker;
    const url = meta(WORKER_META);
    if (!url || !api.Worker) return null;
    try {
      host.monqSearchWorker = new api.Worker(url);
    } catch {
      return null;
    }
    return host.monqSearchWorker;
  }

  /** The version the reader chose earlier for a docs plugin, under the theme's key (with the site's namespace). */
  function preferred(pluginId: string): string | null {
    const [type, namespace] = meta(STORAGE_META).split(' ');
    try {
      return (type === 'sessionStorage' ? w.sessionStorage : w.localStorage).getItem(preferredVersionKey(pluginId, namespace));
    } catch {
      return null;
    }
  }

  /** The contextual filters the search dialog would send from this page. */
  function facetFilters(): [string, string[]] {
    const own = parseVersionTag(meta('docusaurus_tag'));
    const plugins = meta(TAGS_META)
      .split(' ')
      .map(parseVersionTag)
      .filter((tag) => tag !== null)
      .map(({ pluginId, version }) => ({
        pluginId,
        active: own?.pluginId === pluginId ? own.version : null,
        preferred: preferred(pluginId),
        latest: version,
      }));
    return contextualFacetFilters(meta('docsearch:language') || root.lang || 'ru', contextualTags(plugins));
  }

  /** Sends a query to the worker; `reply` gets its answer. */
  function ask(id: string, query: string, reply: (answer: WorkerReply) => void) {
    const worker = searchWorker();
    if (!worker) return;
    const listener = (event: MessageEvent<WorkerReply>) => {
      if (event.data?.id !== id) return;
      worker.removeEventListener('message', listener);
      reply(event.data);
    };
    worker.addEventListener('message', listener);
    worker.postMessage({
      id,
      requests: [
        {
          query,
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
   * Lists the hits in the shell: links to the page and heading, with the snippet of the text. The
   * snippet is the worker's, HTML-escaped there before `<mark>` is added (as the dialog shows it).
   */
  function showHits(results: HTMLElement, status: HTMLElement, answer: { hits: ShellHit[] } | undefined, query: string, text: ShellText) {
    results.textContent = '';
    const hits = answer?.hits ?? [];
    status.textContent = hits.length === 0 ? `${text.noResults} «${query}»` : '';
    for (const hit of hits) {
      const address = new api.URL(hit.url, w.location.href);
      const link = create('a', 'monq-search-shell__hit', results);
      link.href = address.pathname + address.hash;
      create('span', 'monq-search-shell__title', link).textContent = hitTrail(hit);
      const snippet = hit._snippetResult?.content;
      if (snippet) create('span', 'monq-search-shell__snippet', link).innerHTML = snippet.value;
    }
  }

  /** Data saver or a 2G connection: nothing is fetched ahead (as for the prefetch of linked pages). */
  function frugal(): boolean {
    const connection = (w.navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
    return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType ?? ''));
  }

  root.setAttribute('data-hydration', 'waiting');
  // Pointing at the search button, or focusing it, starts the search worker. A pointer that leaves
  // the button without a click lets the page's scripts start (the hold was for the shell).
  const onSearchIntent = (event: Event) => {
    const target = element(event.target);
    if (!target?.closest('.DocSearch-Button')) return;
    if (event.type === 'pointerout') {
      const to = element((event as PointerEvent).relatedTarget);
      if (!shell && !to?.closest('.DocSearch-Button')) release();
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
  const mark = root.getAttribute('data-hydrate');
  if (mark === 'load' || (mark === 'query' && w.location.search.length > 1)) {
    start();
    return;
  }
  for (const type of INTENT) w.addEventListener(type, onIntent, passive);
  // Fetched once the page has loaded and painted, in idle time, run only at the first input.
  // Requested earlier, the prefetches would share the connection and the main thread with the page's
  // own stylesheet, images and first paint. One link per idle callback: each request costs the main
  // thread a few milliseconds on a slow phone, and fifteen at once made a long task just as the
  // reader starts to scroll.
  if (!frugal()) {
    const ahead = config.scripts.concat(config.prefetch);
    const idle = (task: () => void) => {
      if (w.requestIdleCallback) w.requestIdleCallback(task, { timeout: 3000 });
      else w.setTimeout(task, 0);
    };
    const next = () => {
      if (started || ahead.length === 0) return;
      hint('prefetch', ahead.splice(0, 1));
      idle(next);
    };
    const prefetch = () => idle(next);
    if (d.readyState === 'complete') prefetch();
    else w.addEventListener('load', prefetch);
  }
  scheme?.addEventListener?.('change', start);
}
