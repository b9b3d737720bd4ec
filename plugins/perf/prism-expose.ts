/** Exposes the core as the global `Prism` before the grammar files (which use the global) are evaluated. */
import Prism from 'prismjs/components/prism-core';

(globalThis as unknown as { Prism?: unknown }).Prism = Prism;

export {};
