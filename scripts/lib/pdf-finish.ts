/**
 * The last step of a PDF book (scripts/pdf.ts), with pdf-lib on the document Chromium printed:
 * the cover in front, page numbers in the table of contents, bookmarks that follow the sidebar,
 * page labels that match the printed numbers, and the document properties.
 *
 * Chromium writes a named destination (catalog `/Dests`) for every element an in-document link
 * points at, and a link annotation with `/Dest /<name>` for every such link; the table of contents
 * links to every section, so each section's page is known from its destination.
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  StandardFonts,
  rgb,
  type PDFObject,
} from 'pdf-lib';
import type { PdfSection } from './pdf-sidebar';

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** `27 ноября 2026` (UTC). */
export function russianDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Named destinations of the document: name → index of the page it points at. */
export function destinationPages(doc: PDFDocument): Map<string, number> {
  const pageIndex = new Map<string, number>();
  doc.getPages().forEach((page, index) => pageIndex.set(page.ref.toString(), index));
  const result = new Map<string, number>();
  const dests = doc.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  if (!dests) return result;
  for (const [name, value] of dests.entries()) {
    const array = value instanceof PDFRef ? doc.context.lookup(value, PDFArray) : value;
    if (!(array instanceof PDFArray)) continue;
    const target = array.get(0);
    const index = target instanceof PDFRef ? pageIndex.get(target.toString()) : undefined;
    if (index !== undefined) result.set(name.decodeText(), index);
  }
  return result;
}

/** The link annotations of a page that point at a named destination: name and rectangle. */
export function namedLinks(doc: PDFDocument, pageIndex: number): { name: string; rect: [number, number, number, number] }[] {
  const annots = doc.getPage(pageIndex).node.Annots();
  if (!annots) return [];
  const links: { name: string; rect: [number, number, number, number] }[] = [];
  for (let i = 0; i < annots.size(); i++) {
    const annot = annots.lookup(i, PDFDict);
    if (annot.lookup(PDFName.of('Subtype')) !== PDFName.of('Link')) continue;
    const dest = annot.lookup(PDFName.of('Dest'));
    const rect = annot.lookupMaybe(PDFName.of('Rect'), PDFArray);
    if (!(dest instanceof PDFName) || !rect) continue;
    const [x1, y1, x2, y2] = rect.asArray().map((n) => (n as PDFNumber).asNumber());
    links.push({ name: dest.decodeText(), rect: [x1 as number, y1 as number, x2 as number, y2 as number] });
  }
  return links;
}

interface OutlineNode {
  title: string;
  dest: PDFObject;
  children: OutlineNode[];
}

/** Writes `/Outlines` from a tree: top-level entries open, deeper ones closed. */
function writeOutline(doc: PDFDocument, nodes: OutlineNode[]): void {
  const context = doc.context;
  const root = context.obj({ Type: 'Outlines' });
  const rootRef = context.register(root);
  const add = (parentRef: PDFRef, parent: PDFDict, list: OutlineNode[], open: boolean): number => {
    const refs = list.map(() => context.nextRef());
    let visible = 0;
    list.forEach((node, i) => {
      const dict = context.obj({});
      dict.set(PDFName.of('Title'), PDFHexString.fromText(node.title));
      dict.set(PDFName.of('Parent'), parentRef);
      dict.set(PDFName.of('Dest'), node.dest);
      if (i > 0) dict.set(PDFName.of('Prev'), refs[i - 1] as PDFRef);
      if (i < list.length - 1) dict.set(PDFName.of('Next'), refs[i + 1] as PDFRef);
      if (node.children.length) {
        const below = add(refs[i] as PDFRef, dict, node.children, false);
        // A negative count: the entry is closed and hides that many entries.
        dict.set(PDFName.of('Count'), PDFNumber.of(-below));
      }
      context.assign(refs[i] as PDFRef, dict);
      visible += 1;
    });
    if (refs.length) {
      parent.set(PDFName.of('First'), refs[0] as PDFRef);
      parent.set(PDFName.of('Last'), refs[refs.length - 1] as PDFRef);
    }
    return open ? visible : list.length;
  };
  const count = add(rootRef, root, nodes, true);
  root.set(PDFName.of('Count'), PDFNumber.of(count));
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

export interface FinishInput {
  /** The print document from Chromium: table of contents first, then the sections. */
  body: Uint8Array;
  /** One page printed without header and footer. */
  cover: Uint8Array;
  sections: PdfSection[];
  title: string;
  subject: string;
  date: Date;
}

export async function finishBook(input: FinishInput): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.load(input.body);
  const pages = destinationPages(doc);
  const missing = input.sections.filter((section) => !pages.has(section.key));
  if (missing.length) {
    throw new Error(`Нет страницы у разделов: ${missing.map((section) => section.title).join(', ')}`);
  }

  // The table of contents fills the pages before the first section; the footer numbers pages from 1.
  const tocPages = pages.get(input.sections[0]?.key ?? '') ?? 0;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 9.5;
  for (let index = 0; index < tocPages; index++) {
    const page = doc.getPage(index);
    for (const link of namedLinks(doc, index)) {
      const target = pages.get(link.name);
      if (target === undefined) continue;
      const label = String(target + 1);
      const [, y1, x2, y2] = link.rect;
      page.drawText(label, {
        x: x2 - font.widthOfTextAtSize(label, size),
        y: y1 + (y2 - y1 - size * 0.7) / 2,
        size,
        font,
        color: rgb(0.25, 0.25, 0.25),
      });
    }
  }

  const dests = doc.catalog.lookup(PDFName.of('Dests'), PDFDict);
  const byKey = new Map(input.sections.map((section) => [section.key, section]));
  const node = (section: PdfSection): OutlineNode => ({
    title: section.title,
    dest: dests.get(PDFName.of(section.key)) as PDFObject,
    children: section.children.map((key) => node(byKey.get(key) as PdfSection)),
  });
  const firstPage = doc.getPage(0).ref;
  writeOutline(doc, [
    { title: 'Содержание', dest: doc.context.obj([firstPage, PDFName.of('XYZ'), null, null, null]), children: [] },
    ...input.sections.filter((section) => section.depth === 0).map(node),
  ]);

  const coverDoc = await PDFDocument.load(input.cover);
  const [cover] = await doc.copyPages(coverDoc, [0]);
  doc.insertPage(0, cover as NonNullable<typeof cover>);
  // Page labels: the cover, then the numbers printed in the footers.
  doc.catalog.set(
    PDFName.of('PageLabels'),
    doc.context.obj({ Nums: [0, { P: PDFHexString.fromText('Обложка') }, 1, { S: 'D' }] }),
  );

  doc.setTitle(input.title, { showInWindowTitleBar: true });
  doc.setSubject(input.subject);
  doc.setAuthor('Monq');
  doc.setLanguage('ru-RU');
  doc.setCreator('Monq Docs, npm run pdf');
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);
  const bytes = await doc.save();
  return { bytes, pages: doc.getPageCount() };
}
