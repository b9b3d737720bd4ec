/**
 * Signals to the site's own host (`DOCS_SIGNALS=site`): a query typed into the search dialog that has
 * not settled yet when the reader leaves the page (closes the tab, follows an outside link) is settled
 * and sent then: the request is sent with `keepalive` (src/lib/analytics/site.ts), so it still arrives.
 * plugins/analytics registers this module only in builds with the switch on.
 */
import type { ClientModule } from '@docusaurus/types';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { searchSignals } from '@monq/goals';

let listening = false;

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    if (listening || !ExecutionEnvironment.canUseDOM) return;
    listening = true;
    window.addEventListener('pagehide', () => searchSignals().close());
  },
};

export default clientModule;
