/**
 * The search bar of a build with `DOCS_PRIVATE_OFF=search-theme` (plugins/perf, `STOCK_THEME`): the
 * theme's own bar in place of the ejected one (src/theme/SearchBar), to tell a fault of our copy from
 * one of the theme. The local index answers through the bar's public `transformSearchClient` prop.
 * What the ejected bar adds is then missing: the theme writes its preconnect hint to the Algolia host,
 * the dialog has the theme's strings and no error or offline AI screens, and the theme's search page
 * (back with the same switch) asks the hosted service.
 */
import React, {useEffect, useMemo, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import {useSearchBackend} from './useSearchBackend';
import {latestOnly} from './clients';
import {takeOverSearchShell} from '../lib/hydration/searchShell';

export default function StockSearchBar(): ReactNode {
  const {local} = useSearchBackend();
  // The worker answers a superseded search with the newer one's results (clients.ts).
  const client = useMemo(() => (local ? latestOnly(local) : null), [local]);
  // The theme's bar takes no shell over: a shell the boot opened on a first click goes.
  useEffect(() => takeOverSearchShell(document)?.remove(), []);
  return <SearchBar {...(client ? {transformSearchClient: () => client} : {})} />;
}
