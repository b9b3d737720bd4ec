/** The part of domino (the HTML parser Turndown runs on) that plugins/llms uses; it ships no types. */
declare module '@mixmark-io/domino' {
  export function createDocument(html?: string, force?: boolean): Document;
}
