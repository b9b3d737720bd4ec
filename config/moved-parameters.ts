/**
 * Parameters that 9.0 describes under another name, or on another page (plugins/changes): by the 9.0
 * page's doc path, the 8.9 name as its table's first cell reads → the 9.0 name, or `{ to, page }` when
 * the 9.0 name is described on another page (`doc/path#section-id`). The block then says «old → new»
 * instead of «removed». The build checks every entry against both versions and stops on a stale one;
 * it prints the renames it suspects («[changes] candidate rename on …») for a writer to confirm here.
 */
import type { MovedParameters } from '../plugins/changes/pages';

/** The buffer and the stream key of a listener: `with` fields in 8.9, `buffer` and `artifacts` of the job in 9.0. */
const AGENT_BUFFER = 'reference/agent-plugins/index#buffer-params';

export const MOVED_PARAMETERS = {
  'reference/agent-plugins/tail': {
    streamKey: { to: 'artifacts[].send-to.monq.stream-key', page: AGENT_BUFFER },
    bufferInputName: { to: 'buffer.input-name', page: AGENT_BUFFER },
    bufferType: { to: 'buffer.type', page: AGENT_BUFFER },
    chunkSize: { to: 'buffer.chunk-size', page: AGENT_BUFFER },
    // bufferSize has no 9.0 counterpart (the 9.0 schema has no such field): it stays «removed»
  },
  'guide/administration/limits': {
    bufferType: 'buffer.type',
    'chunkSize, bufferSize': 'buffer.chunk-size',
  },
} as const satisfies MovedParameters;
