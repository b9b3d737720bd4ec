/**
 * Wrapper: the MDX components of the theme, plus `HydrationSlice`, which plugins/perf wraps around
 * every top-level block of a page at build time (rehype-hydration-slices.ts).
 */
import MDXComponents from '@theme-original/MDXComponents';
import HydrationSlice from '@site/src/components/HydrationSlice';

export default {
  ...MDXComponents,
  HydrationSlice,
};
