/**
 * Pages of the 8.9 docs that live at another path in 9.0 (doc path in 8.9 → doc path in 9.0). The
 * comparison of plugins/changes pairs them; a page of 8.9 that is neither here nor at the same path
 * in 9.0 is listed on the overview as removed.
 */
export const MOVED_PAGES = {
  // 9.0 splits the quick guide into the infrastructure track and the umbrella track; the 8.9 steps are the umbrella ones
  'get-started/quick-guide/checklist': 'get-started/quick-guide/umbrella/checklist',
  'get-started/quick-guide/config-template': 'get-started/quick-guide/umbrella/config-template',
  'get-started/quick-guide/data-stream': 'get-started/quick-guide/umbrella/data-stream',
  'get-started/quick-guide/rules-actions': 'get-started/quick-guide/umbrella/rules-actions',
  'get-started/quick-guide/service-model': 'get-started/quick-guide/umbrella/service-model',
  'get-started/quick-guide/signal-scenario': 'get-started/quick-guide/umbrella/signal-scenario',
} as const satisfies Readonly<Record<string, string>>;
