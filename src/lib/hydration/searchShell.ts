/**
 * The search shell: the dialog the inline boot (boot.ts) opens when the reader's first action is a
 * click on the search button, Ctrl+K, ⌘K or "/". It has a focused input at once, whatever the page is
 * still loading; the real dialog (src/theme/SearchBar) opens from the replayed click and takes over.
 *
 * The shell searches by itself: it starts the search worker (src/search/worker.ts, address in the
 * `monq:search-worker` meta), sends each query with the page's contextual filters and lists the hits
 * as plain links, so that the reader's first query is answered before the page is interactive.
 *
 * Its strings are the dialog's own (the translation ids in the comments; a unit test compares them
 * with i18n/ru/code.json): src/shared/searchShell.ts, compiled into the boot.
 */

/** The class of the shell's root element (styles in src/search/search.css). */
const SEARCH_SHELL_CLASS = 'monq-search-shell';

/** An open shell, taken over by the real dialog. */
export interface TakenShell {
  /** What the reader typed into the shell. */
  typed: string;
  /** Removes the shell: once the dialog's input has focus, or at once when the dialog is still loading. */
  remove(): void;
}

/**
 * The shell the boot opened on this page, if any, for the dialog to take over. The dialog removes
 * it in the effect that follows its own first render (its input has focus by then), so that keys
 * pressed while it rendered reach its input.
 */
export function takeOverSearchShell(doc: Document): TakenShell | null {
  const shell = doc.querySelector<HTMLElement>(`.${SEARCH_SHELL_CLASS}`);
  if (!shell) return null;
  const input = shell.querySelector('input');
  return {
    typed: input ? input.value : '',
    remove: () => shell.remove(),
  };
}
