/** Stable id of an announcement derived from its content (FNV-1a, 32 bit). */
export function announcementId(content: string, prefix = 'announcement'): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < content.length; i += 1) {
    hash ^= content.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${prefix}-${hash.toString(36)}`;
}
