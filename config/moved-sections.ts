/**
 * Sections that 9.0 gives another heading id (plugins/changes): by the 9.0 page's doc path, the 8.9
 * id → the 9.0 id (renamed; two 8.9 ids to one 9.0 id: merged), or a list of 9.0 ids (split). The
 * block then says «переименован», «разделён» or «объединены» with both headings instead of «удалён»
 * and «новый раздел», and compares the sections' text. The build checks every entry against both
 * versions and stops on a stale one.
 */
import type { MovedSections } from '../plugins/changes/pages';

export const MOVED_SECTIONS = {
  'get-started/index': { 'what-is-monq-89': 'what-is-monq' },
  'get-started/install/enterprise': { 'configure-monqctl': ['install-monqctl', 'configure-context'] },
  'guide/business-processes': { purpose: 'when', parts: 'building-blocks', 'in-rsm': 'rsm' },
  'solutions/integrations/index': { templates: 'network-and-templates', network: 'network-and-templates' },
} as const satisfies MovedSections;
