/**
 * Wrapper (not an eject): on pages of an older docs version (8.9) the canonical link points to the same
 * page in the latest version, when it exists there (src/lib/canonical.ts).
 */
import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import OriginalMetadata from '@theme-original/DocItem/Metadata';
import { useDocsVersion, useDocVersionSuggestions } from '@docusaurus/plugin-content-docs/client';
import { canonicalFor } from '@site/src/lib/canonical';

export default function DocItemMetadataWrapper(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const version = useDocsVersion();
  const { latestDocSuggestion } = useDocVersionSuggestions(version.pluginId);
  const canonical = canonicalFor({
    siteUrl: siteConfig.url,
    isLatestVersion: version.isLast,
    latestDocPath: latestDocSuggestion?.path,
    trailingSlash: siteConfig.trailingSlash,
  });
  return (
    <>
      <OriginalMetadata />
      {canonical && (
        <Head>
          <link rel="canonical" href={canonical} />
          <meta property="og:url" content={canonical} />
        </Head>
      )}
    </>
  );
}
