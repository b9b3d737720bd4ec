/**
 * Wrapper: the docs sidebar (one `<aside>`, with its whole menu on a wide screen) is hydrated after
 * the first pass, in a task of its own (`src/components/HydrationSlice`).
 */
import Sidebar from '@theme-original/DocRoot/Layout/Sidebar';
import { sliced } from '@site/src/components/HydrationSlice';

export default sliced(Sidebar);
