/**
 * Wrapper: the navbar (one `<nav>`, its phone menu inside) is hydrated right after the first pass,
 * in a task of its own (`src/components/HydrationSlice`): the first slice of the page.
 */
import Navbar from '@theme-original/Navbar';
import { sliced } from '@site/src/components/HydrationSlice';

export default sliced(Navbar);
