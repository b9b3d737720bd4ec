/**
 * Client modules of the site (browser side, one concern per file under src/clientModules/).
 * Paths are relative to the site directory (Docusaurus resolves them against it). The web-analytics
 * counter's module (src/clientModules/metrica.ts) is added by plugins/analytics, in builds with
 * YANDEX_METRICA_ID only.
 */
export const clientModules: string[] = [
  // A page whose chunks cannot be loaded shows the Russian error and «Повторить».
  './src/clientModules/chunkFailure.ts',
  // Zoom of images inside page content.
  './src/clientModules/imageZoom.ts',
  // Escape closes the glossary card beside a term's link (the card itself is CSS).
  './src/clientModules/glossaryCard.ts',
];
