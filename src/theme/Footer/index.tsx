/**
 * Wrapper: the footer is hydrated after the first pass, in a task of its own
 * (`src/components/HydrationSlice`); it renders one `<footer>` element.
 */
import Footer from '@theme-original/Footer';
import { sliced } from '@site/src/components/HydrationSlice';

export default sliced(Footer);
