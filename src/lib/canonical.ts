/**
 * Canonical URL of a doc page of an older version: its page in the latest version, when the subject
 * still exists there, so that search engines send readers to the current documentation.
 */
export interface CanonicalInput {
  siteUrl: string;
  /** The version of the page is the latest one. */
  isLatestVersion: boolean;
  /** Path of the same doc in the latest version, if it exists there. */
  latestDocPath: string | undefined;
  /** The site's `trailingSlash` setting: `true` adds the slash that the routes carry. */
  trailingSlash?: boolean | undefined;
}

export function canonicalFor({ siteUrl, isLatestVersion, latestDocPath, trailingSlash }: CanonicalInput): string | null {
  if (isLatestVersion || !latestDocPath) return null;
  const path = trailingSlash && !latestDocPath.endsWith('/') ? `${latestDocPath}/` : latestDocPath;
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}
