/**
 * Replacement of `@theme/Error`, copied from @docusaurus/core/lib/client/theme-fallback/Error/index.js
 * (Docusaurus 3.10.2). `@theme-classic` does not provide this component, so a crash outside the
 * layout's own error boundary (a page component, the navbar, the footer) fell back to the core's
 * English "This page crashed" / "Try again" / "Page Error". Ours shows the theme's translated crash
 * page (`theme.ErrorPageContent.*`, «Попробовать снова») inside the layout, and a plain Russian
 * display if the layout itself crashes. Changes are marked CUSTOM CODE.
 */
import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import { translate } from '@docusaurus/Translate';
import Layout from '@theme/Layout';
// CUSTOM CODE: the theme's translated crash page instead of the core's English display
import ErrorPageContent from '@theme/ErrorPageContent';
// CUSTOM CODE END
import type { Props } from '@theme/Error';
// The core's own route context (not re-exported): the theme layout needs one.
import { RouteContextProvider } from '@docusaurus/core/lib/client/routeContext';

// CUSTOM CODE: Russian texts of the plain display (same translation ids as the theme's crash page)
function crashTitle(): string {
  return translate({
    id: 'theme.ErrorPageContent.title',
    message: 'Эта страница вышла из строя.',
    description: 'The title of the fallback page when the page crashed',
  });
}

function tryAgainLabel(): string {
  return translate({
    id: 'theme.ErrorPageContent.tryAgain',
    message: 'Попробовать снова',
    description: 'The label of the button to try again rendering when the React error boundary captures an error',
  });
}

function pageErrorTitle(): string {
  return translate({
    id: 'monq.error.pageTitle',
    message: 'Ошибка страницы',
    description: 'Document title of the page shown when the whole page crashed',
  });
}
// CUSTOM CODE END

/** Used only when the layout itself crashes: simple enough never to throw. */
function ErrorDisplay({ error, tryAgain }: Props): ReactNode {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'flex-start',
        minHeight: '100vh',
        width: '100%',
        maxWidth: '80ch',
        fontSize: '20px',
        margin: '0 auto',
        padding: '1rem',
      }}>
      {/* CUSTOM CODE: Russian title and label; the error's own message, not its causal chain */}
      <h1 style={{ fontSize: '3rem' }}>{crashTitle()}</h1>
      <button
        type="button"
        onClick={tryAgain}
        style={{ margin: '1rem 0', fontSize: '2rem', cursor: 'pointer', borderRadius: 20, padding: '1rem' }}>
        {tryAgainLabel()}
      </button>
      <p style={{ whiteSpace: 'pre-wrap' }}>{error.message}</p>
      {/* CUSTOM CODE END */}
    </div>
  );
}

// A bit hacky (as upstream): an artificial route context lets the theme layout render the error.
function ErrorRouteContextProvider({ children }: { children: ReactNode }): ReactNode {
  return (
    <RouteContextProvider value={{ plugin: { name: 'docusaurus-core-error-boundary', id: 'default' } }}>
      {children}
    </RouteContextProvider>
  );
}

export default function Error({ error, tryAgain }: Props): ReactNode {
  // The layout can throw too: the original error is shown by the plain display then.
  return (
    <ErrorRouteContextProvider>
      <ErrorBoundary fallback={() => <ErrorDisplay error={error} tryAgain={tryAgain} />}>
        <Head>
          {/* CUSTOM CODE */}
          <title>{pageErrorTitle()}</title>
          {/* CUSTOM CODE END */}
        </Head>
        <Layout>
          {/* CUSTOM CODE */}
          <ErrorPageContent error={error} tryAgain={tryAgain} />
          {/* CUSTOM CODE END */}
        </Layout>
      </ErrorBoundary>
    </ErrorRouteContextProvider>
  );
}
