/**
 * Which images are zoomable, and the accessible names of a zoomable image. Pure, unit-tested; the
 * browser side is src/clientModules/imageZoom.ts.
 */

/** Candidates: images inside page content (docs, MDX pages). Navbar, footer and logo are outside. */
export const CONTENT_IMAGE_SELECTOR = '.markdown img, article img';

/** What the decision needs to know about an image (a DOM `HTMLImageElement` fits). */
export interface ImageLike {
  closest(selector: string): unknown;
}

/** Ancestors that rule an image out: a link (the click belongs to it), the navbar, the footer. */
const EXCLUDING_ANCESTORS = 'a, .navbar, .footer, header, nav, footer, [data-no-zoom]';

export function isZoomable(image: ImageLike): boolean {
  return image.closest(EXCLUDING_ANCESTORS) === null && image.closest('.markdown, article') !== null;
}

/** Accessible name of an image that can be opened. */
export function openLabel(alt: string | null): string {
  const text = alt?.trim();
  return text ? `${text} — открыть увеличенное изображение` : 'Открыть увеличенное изображение';
}

/** Accessible name of the opened (zoomed) image. */
export function closeLabel(alt: string | null): string {
  const text = alt?.trim();
  return text ? `${text} — закрыть увеличенное изображение` : 'Закрыть увеличенное изображение';
}

/** Keys that open or close a focused image (like a button). */
export function isActivationKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'Spacebar';
}
