/**
 * What the kept article (README.md in this folder) needs from the browser, done on its DOM: the
 * React tree never rendered it, so nothing of Docusaurus's own handlers is on it.
 *
 * - Links to pages of the site change the page inside the app, as Docusaurus's `Link` does, and
 *   preload that page when pointed at; other links (other sites, files, new tabs, modifier keys,
 *   anchors on the same page) keep the browser's behaviour.
 * - Each code block gets the theme's two buttons, with its labels: word wrap (shown when a line
 *   overflows the block, or while wrapping is on) and copy.
 *
 * Images zoom through src/clientModules/imageZoom.ts, which works on the DOM anyway.
 */
import { translate } from '@docusaurus/Translate';
import { appTarget, codeText, isPlainClick } from './links';

async function copyToClipboard(text: string): Promise<void> {
  // The clipboard API exists only in secure contexts; corporate networks often serve plain HTTP.
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

const SVG = 'http://www.w3.org/2000/svg';

function icon(className: string, draw: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', className);
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', draw);
  svg.append(path);
  return svg;
}

/** The word-wrap button of a code block, and whether it is to be shown (its code scrolls or wraps). */
interface WrapButton {
  readonly button: HTMLButtonElement;
  needed(): boolean;
}

/**
 * The word-wrap button of one code block, as the theme's `WordWrapButton` and `useCodeWordWrap`
 * (@docusaurus/theme-classic and theme-common 3.10.2) do it: shown while the code scrolls sideways or
 * wraps; a click sets `white-space: pre-wrap` and `overflow-wrap: anywhere` on the `<code>`, or
 * removes that style.
 */
function wordWrapButton(pre: HTMLPreElement): WrapButton | null {
  const code = pre.querySelector('code');
  if (!code) return null;
  const title = translate({ id: 'theme.CodeBlock.wordWrapToggle', message: 'Переключить перенос по строкам' });
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'clean-btn monq-wrap-button';
  button.title = title;
  button.setAttribute('aria-label', title);
  // the theme's IconWordWrap
  button.append(
    icon(
      'monq-wrap-button__icon',
      'M4 19h6v-2H4v2zM20 5H4v2h16V5zm-3 6H4v2h13.25c1.1 0 2 .9 2 2s-.9 2-2 2H15v-2l-3 3l3 3v-2h2c2.21 0 4-1.79 4-4s-1.79-4-4-4z',
    ),
  );
  const needed = () => pre.scrollWidth > pre.clientWidth || code.hasAttribute('style');
  button.addEventListener('click', () => {
    const enabled = button.classList.contains('monq-wrap-button--enabled');
    if (enabled) {
      code.removeAttribute('style');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // as the theme: no scrollbar at all, very long words and tokens wrap too
      code.style.overflowWrap = 'anywhere';
    }
    button.classList.toggle('monq-wrap-button--enabled', !enabled);
    button.hidden = !needed();
  });
  return { button, needed };
}

/** Shows the word-wrap buttons that are needed: every block measured first, then every button set (one layout). */
function showWrapButtons(buttons: readonly WrapButton[]): void {
  const needed = buttons.map((wrap) => wrap.needed());
  buttons.forEach((wrap, index) => (wrap.button.hidden = !needed[index]));
}

/**
 * The buttons of one code block (`.theme-code-block`), unless it has them: word wrap (hidden until
 * `showWrapButtons`), then copy, the theme's order. Returns the word-wrap button, or null.
 */
function addCodeButtons(block: Element): WrapButton | null {
  const pre = block.querySelector('pre');
  const holder = pre?.parentElement;
  if (!pre || !holder || holder.querySelector('.monq-code-buttons')) return null;
  const label = translate({ id: 'theme.CodeBlock.copyButtonAriaLabel', message: 'Скопировать в буфер обмена' });
  const copied = translate({ id: 'theme.CodeBlock.copied', message: 'Скопировано' });
  const group = document.createElement('div');
  group.className = 'monq-code-buttons';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'clean-btn monq-copy-button';
  button.title = translate({ id: 'theme.CodeBlock.copy', message: 'Скопировать' });
  button.setAttribute('aria-label', label);
  // two sheets (copy) and a tick (copied): drawn for this button
  button.append(
    icon('monq-copy-button__copy', 'M8 3h11v13h-2V5H8zM4 7h11v14H4zm2 2v10h7V9z'),
    icon('monq-copy-button__done', 'M9.5 16.6 4.9 12l-1.4 1.4 6 6L21 7.9l-1.4-1.4z'),
  );
  let timer: number | undefined;
  button.addEventListener('click', () => {
    copyToClipboard(codeText(pre)).then(
      () => {
        button.classList.add('monq-copy-button--copied');
        button.setAttribute('aria-label', copied);
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          button.classList.remove('monq-copy-button--copied');
          button.setAttribute('aria-label', label);
        }, 1000);
      },
      () => undefined,
    );
  });
  const wrap = wordWrapButton(pre);
  if (wrap) {
    wrap.button.hidden = true;
    group.append(wrap.button);
  }
  group.append(button);
  holder.append(group);
  return wrap;
}

/**
 * Wires a kept article: link clicks go to `navigate`, pointing at a link calls `preload`, and code
 * blocks get their word-wrap and copy buttons. Returns what removes the listeners.
 */
export function enhanceArticle(
  root: HTMLElement,
  navigate: (to: string) => void,
  isPage: (pathname: string) => boolean,
  preload: (pathname: string) => void,
): () => void {
  const wraps = Array.from(root.querySelectorAll('.theme-code-block'), addCodeButtons).filter((wrap) => wrap !== null);
  showWrapButtons(wraps);
  // as the theme: whether a block's code scrolls is checked again when the window is resized
  const listening = new AbortController();
  const { signal } = listening;
  window.addEventListener('resize', () => showWrapButtons(wraps), { passive: true, signal });
  const anchorOf = (target: EventTarget | null) =>
    target instanceof Element ? (target.closest('a[href]') as HTMLAnchorElement | null) : null;
  const onClick = (event: MouseEvent) => {
    const anchor = anchorOf(event.target);
    if (!anchor || !root.contains(anchor) || !isPlainClick(event)) return;
    const to = appTarget(anchor, window.location, isPage);
    if (to === null) return;
    event.preventDefault();
    navigate(to);
  };
  const onPoint = (event: Event) => {
    const anchor = anchorOf(event.target);
    if (!anchor) return;
    const to = appTarget(anchor, window.location, isPage);
    if (to !== null) preload(new URL(to, window.location.href).pathname);
  };
  root.addEventListener('click', onClick, { signal });
  root.addEventListener('mouseover', onPoint, { passive: true, signal });
  root.addEventListener('touchstart', onPoint, { passive: true, signal });
  root.addEventListener('focusin', onPoint, { signal });
  return () => listening.abort();
}
