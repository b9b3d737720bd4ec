/**
 * «Скачать PDF» in the version dropdown: the PDF of the version shown there (config/pdf.ts), offered
 * only when the built site has it. The PDF step (`npm run pdf`) runs after the site is built, so the
 * page cannot know at build time. Every build has `/pdf/index.json` (static/pdf/index.json, an empty
 * list); the PDF step rewrites it with the files it made. Once the page is interactive, the list is read
 * once per page load, and the link is added only for a listed file: a build without PDFs has no broken
 * link and no failed request.
 */
import { useEffect, useState } from 'react';

export const PDF_LINK_LABEL = 'Скачать PDF';

/** Name of the list of PDF files in the PDF folder of the built site. */
export const PDF_LIST_FILE = 'index.json';

/** The file names of a PDF list (`{"files": [...]}`); anything else lists nothing. */
export function listedPdfs(data: unknown): string[] {
  const files = (data as { files?: unknown } | null)?.files;
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
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

type Fetch = (input: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

const lists = new Map<string, Promise<string[]>>();

/** Whether the PDF is in the list of its folder; each folder's list is read once per page load. */
export function checkPdf(href: string, fetchImpl: Fetch = fetch): Promise<boolean> {
  const slash = href.lastIndexOf('/');
  const listUrl = href.slice(0, slash + 1) + PDF_LIST_FILE;
  let list = lists.get(listUrl);
  if (!list) {
    list = fetchImpl(listUrl)
      .then(async (response) => (response.ok ? listedPdfs(await response.json()) : []))
      .catch(() => []);
    lists.set(listUrl, list);
  }
  return list.then((files) => files.includes(href.slice(slash + 1)));
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
