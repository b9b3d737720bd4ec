/**
 * The route map of the portal (shared/content/routes.md) as data: the pages that must exist.
 * Paths are relative to the instance root, without a trailing slash; '' is the instance root page.
 */

const v90 = {
  'get-started': [
    '', 'content-wizard', 'install', 'install/enterprise', 'install/demo', 'quick-guide',
    'quick-guide/infra', 'quick-guide/umbrella', 'setup', 'setup/add-admins', 'setup/add-users',
    'setup/calendar', 'setup/delivery-types', 'setup/license', 'setup/register', 'setup/security',
    'setup/system-notify',
  ],
  guide: [
    'main-menu', 'actions', 'administration', 'administration/actions-types', 'administration/activedirectory',
    'administration/admins', 'administration/automation', 'administration/cmdb-log',
    'administration/cmdb-metamodel', 'administration/contacts', 'administration/license',
    'administration/limits', 'administration/main-menu-adm', 'administration/security',
    'administration/signals', 'administration/system-notifies', 'administration/users',
    'administration/userspace', 'autotests', 'business-processes', 'coverage', 'data-collect',
    'data-collect/monq-agent', 'data-collect/collected-logs', 'data-collect/collected-metrics',
    'data-collect/data-miners', 'data-collect/indexes', 'data-collect/metric-bridges', 'data-collect/parsers',
    'metrics', 'metrics-thresholds', 'reports', 'service-model-cmdb', 'signals', 'thresholds',
    'user-profile', 'workgroups',
  ],
  automation: [
    '', 'autotests-functions', 'general-functions', 'general-functions/cache-functions',
    'general-functions/collector-functions', 'general-functions/communication-functions',
    'general-functions/data-functions', 'general-functions/logic-functions',
    'general-functions/scenario-functions', 'general-functions/time-functions', 'glossary',
    'metrics-functions', 'reports-functions', 'signal-functions', 'thresholds-functions', 'rsm-functions',
    'rsm-functions/rsm-access-functions', 'rsm-functions/rsm-attr-comp-functions',
    'rsm-functions/rsm-lifecycle-functions', 'rsm-functions/rsm-relations-functions',
    'rsm-functions/rsm-crud-functions',
  ],
  reference: [
    'agent-plugins', 'agent-plugins/postgresqlRequest', 'agent-plugins/snmp-trap', 'agent-plugins/syslog',
    'agent-plugins/tail', 'agent-plugins/tcp', 'agent-plugins/udp', 'agent-plugins/vmwareEventsDataFlow',
    'agent-plugins/vmwareTopologySync', 'agent-plugins/win-info', 'agent-plugins/zabbixEventsDataFlow',
    'agent-plugins/http-probe', 'agent-plugins/icmp-ping', 'agent-plugins/node-info', 'api',
    'api/autotests', 'api/data-streams', 'api/maintenance-service', 'api/reports', 'api/signals',
    'api/service-model', 'api/service-model/access', 'api/service-model/appendix',
    'api/service-model/attributes', 'api/service-model/components', 'api/service-model/config-items',
    'api/service-model/links', 'availability', 'config-item-health', 'data-pipeline', 'logs-queries',
    'monqctl', 'signals-queries', 'structure',
  ],
  solutions: [
    '', 'automation', 'automation/rsm-autobuild', 'automation/signals-processor', 'automation/uniq-attributes',
    'autotests', 'bind-ci-thold-example', 'coverage-example', 'exploitation', 'exploitation/logging',
    'exploitation/metrics', 'exploitation/runners', 'exploitation/ssl', 'integrations', 'integrations/external',
    'integrations/external/fluentbit', 'integrations/external/logstash', 'integrations/external/nagios-core',
    'integrations/external/nagios-xi', 'integrations/external/ntopng', 'integrations/external/prometheus',
    'integrations/external/scom', 'integrations/external/vcenter', 'integrations/external/zabbix',
    'integrations/snmp-traps', 'integrations/syslog', 'integrations/tail',
  ],
} as const;

/** Pages of 9.0 that 8.9 does not have (spec, section 2). */
const ONLY_IN_90 = new Set([
  'guide/main-menu', 'guide/administration/main-menu-adm', 'guide/data-collect/collected-logs',
  'guide/data-collect/collected-metrics', 'guide/data-collect/data-miners', 'guide/data-collect/indexes',
  'guide/data-collect/metric-bridges', 'guide/data-collect/parsers', 'reference/agent-plugins/http-probe',
  'reference/agent-plugins/icmp-ping', 'reference/agent-plugins/node-info', 'reference/logs-queries',
  'get-started/quick-guide/infra', 'get-started/quick-guide/umbrella',
]);
const ONLY_IN_89 = ['guide/administration/user-groups', 'guide/administration/userlogs', 'reference/microservices'];

function flatten(tree: Record<string, readonly string[]>): string[] {
  return Object.entries(tree).flatMap(([section, pages]) =>
    pages.map((page) => (page === '' ? section : `${section}/${page}`)),
  );
}

export const DOCS_90: readonly string[] = flatten(v90);
export const DOCS_89: readonly string[] = [...DOCS_90.filter((path) => !ONLY_IN_90.has(path)), ...ONLY_IN_89];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export const UPGRADE: readonly string[] = [
  'upgrade-policies',
  'v9',
  'v9/v9-0-0',
  ...range(0, 6).map((patch) => `v9/changelog/v9-0-${patch}`),
  'v8',
  ...range(0, 9).flatMap((minor) => [`v8/v8-${minor}-0`, `v8/changelog/v8-${minor}-0`]),
  'v7',
  ...range(0, 15).flatMap((minor) => [`v7/v7-${minor}-0`, `v7/changelog/v7-${minor}-0`]),
  'v6-5',
  ...range(0, 12).flatMap((minor) => [`v6-5/v6-${minor}-0`, `v6-5/changelog/v6-${minor}-0`]),
  ...range(0, 4).map((patch) => `v6-5/infra-1-5-${patch}`),
];

/** Standalone pages (src/pages), by route. */
export const STANDALONE: readonly string[] = ['', 'current/ru', 'glossary', 'demo-search'];

export interface RouteMapEntry {
  /** Content root of the instance or version, relative to the repository. */
  root: string;
  /** Public URL prefix. */
  urlPrefix: string;
  pages: readonly string[];
}

export const ROUTE_MAP: readonly RouteMapEntry[] = [
  { root: 'versioned_docs/version-9.0', urlPrefix: '/docs/', pages: DOCS_90 },
  { root: 'versioned_docs/version-8.9', urlPrefix: '/docs/8.9/', pages: DOCS_89 },
  { root: 'upgrade', urlPrefix: '/upgrade/', pages: UPGRADE },
];
