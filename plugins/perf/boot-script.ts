/**
 * The inline boot of every page (src/lib/hydration/boot.ts), compiled with esbuild at build time:
 * bundled with the shared modules it imports (src/shared/search/*), minified, as ES2019 for the
 * oldest browsers of the site's browserslist. The text is the same on every page; the page data
 * come from the script element's attributes (`BOOT_ATTRIBUTES`).
 */
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** The boot's source, compiled by `bootSource`. */
export const BOOT_ENTRY = fileURLToPath(new URL('../../src/lib/hydration/boot.ts', import.meta.url));

let compiled: string | null = null;

/** The boot as the text of an inline script: one statement that runs `bootFromScript()`. */
export function bootSource(): string {
  if (compiled !== null) return compiled;
  const result = buildSync({
    stdin: {
      contents: `import { bootFromScript } from ${JSON.stringify(BOOT_ENTRY)};\nbootFromScript();`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      sourcefile: 'boot-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2019',
    platform: 'browser',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
  });
  // An inline script ends at the first `</script`: the compiled text must not hold one.
  const text = result.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(text)) throw new Error('[perf] the compiled boot contains "</script": it cannot be inlined');
  compiled = text;
  return text;
}
