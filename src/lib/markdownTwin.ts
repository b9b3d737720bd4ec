/**
 * The page's «Markdown» actions (browser side); the twin's address is `twinPath` of
 * src/shared/markdownTwin.ts, shared with plugins/llms.
 */

/** Labels of the page's Markdown actions: ours alone (no theme translation exists for them). */
export const MARKDOWN_LABELS = {
  link: 'Markdown',
  linkTitle: 'Эта страница в формате Markdown',
  copy: 'Скопировать как Markdown',
  copied: 'Скопировано',
  failed: 'Не удалось скопировать',
} as const;

/** How long the confirmation stays on the copy button (ms). */
export const COPY_CONFIRM_MS = 2000;

type ClipboardLike = Pick<Clipboard, 'writeText'> & Partial<Pick<Clipboard, 'write'>>;

/**
 * Fetches the twin and puts its text on the clipboard. Where the browser takes a pending item
 * (`ClipboardItem` with a promise: Safari needs the write to start within the click), the write
 * starts at once and the text follows; otherwise the text is written when it arrives.
 */
export async function copyTwin(
  url: string,
  clipboard: ClipboardLike,
  load: (url: string) => Promise<Response> = (u) => fetch(u),
  Item: typeof ClipboardItem | undefined = typeof ClipboardItem === 'undefined' ? undefined : ClipboardItem,
): Promise<void> {
  const text = load(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.text();
  });
  if (Item && clipboard.write) {
    try {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await clipboard.write([new Item({ 'text/plain': blob })]);
      return;
    } catch {
      // the pending item is not supported here: write the text itself
    }
  }
  await clipboard.writeText(await text);
}
