/**
 * «Скачать PDF» in the version dropdown: the PDF of the version shown there (config/pdf.ts), offered
 * only when the file answers on the site's own host. The PDF step (`npm run pdf`) runs after the site
 * is built, so the page cannot know at build time: once the page is interactive, one HEAD request per
 * session and file asks the host, and the link is added only on a PDF answer. The server-rendered
 * HTML never has the link, so a build without PDFs has no broken link.
 */
import { useEffect, useState } from 'react';

export const PDF_LINK_LABEL = 'Скачать PDF';
const STORAGE_PREFIX = 'monq-docs-pdf:';

/** A HEAD answer that is the PDF itself, not a not-found page or a fallback page of the host. */
export function isPdfAnswer(status: number, contentType: string | null): boolean {
  return status >= 200 && status < 300 && /application\/pdf/i.test(contentType ?? '');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The dropdown item (an `html` navbar item): a plain link, no client routing, saved under the file's name. */
export function pdfLinkHtml(href: string, versionLabel: string, mobile: boolean): string {
  const file = href.slice(href.lastIndexOf('/') + 1);
  const className = mobile ? 'menu__link' : 'dropdown__link';
  const title = `PDF документации ${versionLabel}`;
  return `<a class="${className} pdf-download-link" href="${escapeAttribute(href)}" download="${escapeAttribute(file)}" title="${escapeAttribute(title)}">${PDF_LINK_LABEL}</a>`;
}

type Fetch = (input: string, init: { method: string }) => Promise<{ status: number; headers: { get(name: string): string | null } }>;

const pending = new Map<string, Promise<boolean>>();

/** Asks the host whether the PDF is there, once per file: remembered for the session. */
export function checkPdf(href: string, fetchImpl: Fetch = fetch, storage: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStorageOrNull()): Promise<boolean> {
  const stored = storage?.getItem(STORAGE_PREFIX + href);
  if (stored === '1' || stored === '0') return Promise.resolve(stored === '1');
  let answer = pending.get(href);
  if (!answer) {
    answer = fetchImpl(href, { method: 'HEAD' })
      .then((response) => isPdfAnswer(response.status, response.headers.get('content-type')))
      .catch(() => false)
      .then((present) => {
        try {
          storage?.setItem(STORAGE_PREFIX + href, present ? '1' : '0');
        } catch {
          // storage full or refused: the answer stays in memory
        }
        return present;
      });
    pending.set(href, answer);
  }
  return answer;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** True once the host has answered that the PDF is there; false during server rendering and hydration. */
export function usePdfAvailable(href: string | null): boolean {
  // The address found present: a link never shows for one version on the answer about another.
  const [presentHref, setPresentHref] = useState<string | null>(null);
  useEffect(() => {
    if (!href) return undefined;
    let live = true;
    void checkPdf(href).then((answer) => {
      if (live) setPresentHref(answer ? href : null);
    });
    return () => {
      live = false;
    };
  }, [href]);
  return href !== null && presentHref === href;
}
