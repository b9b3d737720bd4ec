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

/**
 * A listener's page in 8.9 listed these `with` fields; 9.0 describes the job's keys once, on the
 * agent plugins page. `bufferSize` has no 9.0 counterpart (the 9.0 schema has no such field): it
 * stays «removed», and the page's `changes:` note says so.
 */
const LISTENER_BUFFER = {
  streamKey: { to: 'artifacts[].send-to.monq.stream-key', page: AGENT_BUFFER },
  bufferInputName: { to: 'buffer.input-name', page: AGENT_BUFFER },
  bufferType: { to: 'buffer.type', page: AGENT_BUFFER },
  chunkSize: { to: 'buffer.chunk-size', page: AGENT_BUFFER },
} as const;

export const MOVED_PARAMETERS = {
  'reference/agent-plugins/tail': LISTENER_BUFFER,
  'reference/agent-plugins/tcp': LISTENER_BUFFER,
  'reference/agent-plugins/udp': LISTENER_BUFFER,
  'reference/agent-plugins/snmp-trap': LISTENER_BUFFER,
  'reference/agent-plugins/syslog': LISTENER_BUFFER,
  // the agent plugins page itself: the section «Буфер и отправка» (#buffer-params) names the 9.0 keys
  'reference/agent-plugins/index': {
    streamKey: 'artifacts[].send-to.monq.stream-key',
    bufferInputName: 'buffer.input-name',
    bufferType: 'buffer.type',
    chunkSize: 'buffer.chunk-size',
  },
  'guide/administration/limits': {
    bufferType: 'buffer.type',
    // the 8.9 row named both; 9.0 has the chunk size only
    'chunkSize, bufferSize': 'buffer.chunk-size',
  },
  'solutions/integrations/snmp-traps': {
    streamKey: 'stream-key',
    bufferInputName: 'buffer.input-name',
    bufferType: 'buffer.type',
    chunkSize: 'buffer.chunk-size',
  },
  'solutions/integrations/syslog': {
    streamKey: 'stream-key',
    bufferInputName: 'buffer.input-name',
    bufferType: 'buffer.type',
  },
  'solutions/integrations/tail': {
    // the 9.0 page names the key in its text only; its row is on the agent plugins page
    streamKey: { to: 'artifacts[].send-to.monq.stream-key', page: AGENT_BUFFER },
    bufferType: 'buffer.type',
    chunkSize: 'buffer.chunk-size',
  },
  // a label of the overview table, reworded
  'reference/agent-plugins/zabbixEventsDataFlow': {
    'Шаблон потока': 'Шаблон, по которому создают поток',
  },
} as const satisfies MovedParameters;
