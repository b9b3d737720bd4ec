/**
 * The PDF books of the portal (`npm run pdf`, scripts/pdf.ts): one per docs version and one of the
 * upgrade notes. The PDF step writes them into the built site at `/pdf/<file>`; the site offers
 * «Скачать PDF» for the version a reader is on when that file answers on the site's own host.
 */
import { PDF_DIR, PDF_FILES, pdfHref } from '../src/shared/site';
import { PRODUCT_RELEASE } from './site';

/** The folder and files of the books, shared with the browser (src/shared/site.ts). */
export { PDF_DIR, PDF_FILES, pdfHref };

export interface PdfBook {
  /** Docs plugin instance id (`default` for the versioned docs). */
  pluginId: string;
  /** Version name in that instance (`current` for the unversioned upgrade instance). */
  version: string;
  /** Sidebar id of the book's table of contents. */
  sidebarId: string;
  /** File name under `/pdf/`. */
  file: string;
  /** Title on the cover and in the document properties. */
  title: string;
  /** Product version line of the cover. */
  productVersion: string;
}

export const PDF_BOOKS = [
  {
    pluginId: 'default',
    version: '9.0',
    sidebarId: 'docs',
    file: PDF_FILES['default/9.0'],
    title: 'Документация Monq 9.0',
    productVersion: `Monq ${PRODUCT_RELEASE}`,
  },
  {
    pluginId: 'default',
    version: '8.9',
    sidebarId: 'docs',
    file: PDF_FILES['default/8.9'],
    title: 'Документация Monq 8.9',
    productVersion: 'Monq 8.9',
  },
  {
    pluginId: 'upgrade',
    version: 'current',
    sidebarId: 'upgrade',
    file: PDF_FILES['upgrade/current'],
    title: 'Обновление Monq: правила и выпуски',
    productVersion: `Monq 6.0 – ${PRODUCT_RELEASE}`,
  },
] as const satisfies readonly PdfBook[];
