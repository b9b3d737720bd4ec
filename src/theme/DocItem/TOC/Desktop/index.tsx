/**
 * Wrapper: the table of contents beside the article (one element) is hydrated after the first pass,
 * in a task of its own (`src/components/HydrationSlice`).
 */
import TOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import { sliced } from '@site/src/components/HydrationSlice';

export default sliced(TOCDesktop);
