/** The parts of prismjs (CommonJS, untyped) that prism-slim.ts uses. */
declare module 'prismjs/components/prism-core' {
  interface PrismCore {
    languages: Record<string, unknown>;
    hooks: { run(name: string, env: Record<string, unknown>): void };
    tokenize(code: string, grammar: unknown): unknown[];
  }
  const Prism: PrismCore;
  export default Prism;
}
declare module 'prismjs/components/prism-clike';
declare module 'prismjs/components/prism-javascript';
declare module 'prismjs/components/prism-js-extras';
declare module 'prismjs/components/prism-json';
declare module 'prismjs/components/prism-yaml';
declare module 'prismjs/components/prism-sql';
