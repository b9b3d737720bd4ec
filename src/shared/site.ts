/**
 * The site constants the browser needs as well as the build (spec sections 1 and 9): the issue
 * tracker, the archive hosts and the PDF files. config/site.ts and config/pdf.ts re-export them for
 * the Node side; change them here, nowhere else.
 */

/** Repository the "edit this page" links point into. */
export const REPOSITORY_URL = 'https://github.com/MONQDL/monq-docs';
/** Where readers report a search that should have found something (and the page feedback's link). */
export const ISSUES_URL = `${REPOSITORY_URL}/issues/new`;

/** Older major versions that live on their own archive hosts (linked from the version dropdown). */
export const ARCHIVED_VERSIONS = [
  { label: 'Monq 8.x', href: 'https://v8.docs.monq.ru' },
  { label: 'Monq 7.x', href: 'https://v7.docs.monq.ru' },
] as const;

/** Folder of the built site (and URL path) that holds the PDF files (config/pdf.ts, `npm run pdf`). */
export const PDF_DIR = 'pdf';

/**
 * File name of each book under `/pdf/`, by docs plugin instance and version. The browser needs only
 * this (the version dropdown's link); the books' titles stay on the Node side (config/pdf.ts).
 */
export const PDF_FILES = {
  'default/9.0': 'monq-docs-9.0.pdf',
  'default/8.9': 'monq-docs-8.9.pdf',
  'upgrade/current': 'monq-upgrade-notes.pdf',
} as const satisfies Record<string, string>;

/** Address of the PDF of a docs version on the site, or null when no book covers it. */
export function pdfHref(pluginId: string, version: string): string | null {
  const file = (PDF_FILES as Record<string, string>)[`${pluginId}/${version}`];
  return file ? `/${PDF_DIR}/${file}` : null;
}
