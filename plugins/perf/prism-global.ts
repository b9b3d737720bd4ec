/**
 * Prepares the global `Prism` that the `prismjs/components/*` language files register into: `manual`
 * keeps prism-core from highlighting the page on its own (React renders the tokens).
 */
const scope = globalThis as unknown as { Prism?: { manual?: boolean } };
scope.Prism = { ...(scope.Prism ?? {}), manual: true };

export {};
