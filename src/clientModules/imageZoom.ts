/**
 * Image zoom (medium-zoom) for images inside page content: opens on click, Enter or Space; closes on
 * click, Esc, Enter, Space or scroll. `customFields.imageZoomDelayMs` after the page loads and after
 * each route change, content images become buttons (focusable, labelled); images added later too.
 * A click (or Enter, Space) on one, before or after that, opens it (`onFirstClick`, `onKeyDown`). The overlay
 * background is the `--monq-zoom-background` colour of the current colour mode, so it follows a change
 * of mode while an image is open. Which images qualify: src/lib/reader/zoom.ts.
 *
 * The zoomed image (medium-zoom's copy of the image, appended to <body>) takes the focus, so that the
 * keyboard can close it. Its focus frame shows only when the zoom was opened from the keyboard (Enter,
 * Space): `data-zoom-keyboard` on the zoomed image (src/css/reader.css). Otherwise Chromium draws its
 * frame after a click whenever the focus given by the script counts as visible: the click was the
 * page's first input or came before the images became buttons (it focused nothing), or the image
 * already had a visible focus (given back after Esc).
 *
 * medium-zoom itself (about 3 KB gzip) is a chunk of its own, fetched the first time the reader opens
 * an image: a page that is only read never loads it.
 */
import type { ClientModule } from '@docusaurus/types';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import type mediumZoomType from 'medium-zoom';
import type { Zoom } from 'medium-zoom';
import {
  CONTENT_IMAGE_SELECTOR,
  closeLabel,
  isActivationKey,
  isZoomable,
  openLabel,
} from '../lib/reader/zoom';

const configuredDelay = Number(siteConfig.customFields?.imageZoomDelayMs);
const delayMs = Number.isFinite(configuredDelay) && configuredDelay >= 0 ? configuredDelay : 1000;

/** A CSS variable, not a colour: the overlay follows the colour mode without being told. */
const OVERLAY_BACKGROUND = 'var(--monq-zoom-background, var(--ifm-background-color))';

type MediumZoom = typeof mediumZoomType;

let zoom: Zoom | null = null;
let loading: Promise<MediumZoom> | null = null;
let observer: MutationObserver | null = null;
let timer: number | undefined;
/** The image that opened the zoom, to give focus back when it closes. */
let opener: HTMLImageElement | null = null;
/** Whether the last opening of the zoom came from the keyboard (Enter, Space) rather than a click. */
let openedFromKeyboard = false;
/** The attribute that lets the zoomed image show its focus frame (src/css/reader.css). */
const KEYBOARD_MARK = 'data-zoom-keyboard';

function onKeyDown(event: KeyboardEvent): void {
  if (!isActivationKey(event.key)) return;
  const target = event.target;
  if (!(target instanceof HTMLImageElement)) return;
  if (zoom && target.classList.contains('medium-zoom-image--opened')) {
    event.preventDefault();
    void zoom.close();
  } else if (zoom?.getImages().includes(target)) {
    event.preventDefault();
    openedFromKeyboard = true;
    void zoom.open({ target });
  } else if (target.hasAttribute('data-zoomable')) {
    event.preventDefault();
    openedFromKeyboard = true;
    openFirst(target);
  }
}

function onOpened(event: Event): void {
  opener = event.target instanceof HTMLImageElement ? event.target : null;
  opener?.setAttribute('aria-expanded', 'true');
  const zoomed = document.querySelector<HTMLImageElement>('img.medium-zoom-image--opened');
  if (zoomed) {
    zoomed.setAttribute('aria-label', closeLabel(opener?.getAttribute('alt') ?? null));
    zoomed.setAttribute('aria-expanded', 'true');
    zoomed.setAttribute('aria-modal', 'true');
    zoomed.toggleAttribute(KEYBOARD_MARK, openedFromKeyboard);
    zoomed.focus({ preventScroll: true });
  }
}

function onClosed(event: Event): void {
  const image = event.target instanceof HTMLImageElement ? event.target : opener;
  image?.setAttribute('aria-expanded', 'false');
  image?.removeAttribute(KEYBOARD_MARK);
  if (image?.isConnected) image.focus({ preventScroll: true });
  opener = null;
}

function makeAccessible(image: HTMLImageElement): void {
  image.setAttribute('tabindex', '0');
  image.setAttribute('role', 'button');
  image.setAttribute('aria-expanded', 'false');
  image.setAttribute('aria-label', openLabel(image.getAttribute('alt')));
  image.setAttribute('data-zoomable', '');
  image.addEventListener('medium-zoom:opened', onOpened);
  image.addEventListener('medium-zoom:closed', onClosed);
}

/** The medium-zoom chunk, fetched once; a failed fetch (offline, new deployment) is tried again later. */
function loadMediumZoom(): Promise<MediumZoom> {
  loading ??= import('medium-zoom').then(
    (module) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Zoomable content images of the page that are not attached yet. */
function freshImages(): HTMLImageElement[] {
  const known = zoom?.getImages() ?? [];
  return Array.from(document.querySelectorAll<HTMLImageElement>(CONTENT_IMAGE_SELECTOR)).filter(
    (image) => isZoomable(image) && !known.includes(image),
  );
}

function attachTo(current: Zoom): void {
  const gone = current.getImages().filter((image) => !image.isConnected);
  if (gone.length > 0) current.detach(...gone);
  const fresh = freshImages();
  if (fresh.length === 0) return;
  fresh.forEach(makeAccessible);
  current.attach(...fresh);
}

/**
 * Attach every zoomable content image not attached yet and forget images that left the page; before
 * medium-zoom is needed, the images only become buttons.
 */
function attachImages(): void {
  if (zoom) attachTo(zoom);
  else freshImages().forEach(makeAccessible);
}

/**
 * Opens an image the zoom does not have yet: fetches medium-zoom on this first use, attaches the
 * page's images (looked up again: the page may change while the chunk loads) and opens the image.
 * If the fetch fails, the images stay ordinary images and the next click tries again.
 */
function openFirst(target: HTMLImageElement): void {
  loadMediumZoom().then((mediumZoom) => {
    zoom ??= mediumZoom({ background: OVERLAY_BACKGROUND, margin: 24 });
    attachTo(zoom);
    if (zoom.getImages().includes(target)) void zoom.open({ target });
  }, () => undefined);
}

function containsImage(mutations: MutationRecord[]): boolean {
  return mutations.some((mutation) =>
    Array.from(mutation.addedNodes).some(
      (node) => node instanceof Element && (node.tagName === 'IMG' || node.querySelector('img') !== null),
    ),
  );
}

function setUp(): void {
  attachImages();
  if (!observer) {
    observer = new MutationObserver((mutations) => {
      if (containsImage(mutations)) attachImages();
    });
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * A click on a content image the zoom does not have yet (the click that started the page's scripts,
 * replayed by src/lib/hydration/boot.ts once the page is interactive, one made within the delay, or
 * the first click on an image of the page) opens that image: the reader's first click is not lost.
 */
function onFirstClick(event: MouseEvent): void {
  // Any click (medium-zoom opens attached images on its own click listener): not the keyboard.
  openedFromKeyboard = false;
  const target = event.target;
  if (!(target instanceof HTMLImageElement) || event.button !== 0) return;
  if (zoom?.getImages().includes(target) || !target.matches(CONTENT_IMAGE_SELECTOR) || !isZoomable(target)) return;
  event.preventDefault();
  window.clearTimeout(timer);
  setUp();
  openFirst(target);
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('click', onFirstClick, true);
  document.addEventListener('keydown', onKeyDown);
}

const clientModule: ClientModule = {
  onRouteDidUpdate({ location, previousLocation }) {
    if (!ExecutionEnvironment.canUseDOM) return;
    // A move to an anchor on the same page keeps its images: nothing to set up again.
    if (previousLocation && previousLocation.pathname === location.pathname) return;
    // A zoomed image of the page left behind closes; images of the next page are attached when its
    // setup runs, not before.
    if (zoom) void zoom.close();
    observer?.disconnect();
    window.clearTimeout(timer);
    timer = window.setTimeout(setUp, delayMs);
  },
};

export default clientModule;
