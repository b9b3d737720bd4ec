/**
 * Client modules of the site (browser side, one concern per file under src/clientModules/).
 * Paths are relative to the site directory (Docusaurus resolves them against it).
 */
export const clientModules: string[] = [
  // A page whose chunks cannot be loaded shows the Russian error and «Повторить».
  './src/clientModules/chunkFailure.ts',
  // Web-analytics counter: loads and sends nothing unless built with YANDEX_METRICA_ID.
  './src/clientModules/metrica.ts',
  // Zoom of images inside page content.
  './src/clientModules/imageZoom.ts',
];
