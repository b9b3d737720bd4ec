/**
 * The production nginx configuration (deploy/nginx) adapted for a test or a trial run: the same
 * files with only `listen` and the site root replaced, under a private prefix directory, with a
 * main nginx.conf that an unprivileged user can start.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The site root written in the production configuration. */
export const PRODUCTION_ROOT = '/usr/share/nginx/monq-docs';
export const SITE_CONF = 'monq-docs.conf';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Where the production configuration writes its own logs (the readers' signals). */
export const PRODUCTION_LOG_DIR = '/var/log/nginx';
/** The log of the readers' signals (deploy/nginx/monq-docs.conf, `location = /_signals`). */
export const SIGNALS_LOG = 'monq-docs-signals.log';

export interface TrialConfigOptions {
  /** deploy/nginx of the repository. */
  sourceDir: string;
  /** The built site (the directory with index.html and .nginx/). */
  siteRoot: string;
  /** Empty directory that becomes the nginx prefix (config, logs, pid, temp files). */
  prefix: string;
  port: number;
  host?: string;
  /** Absolute path of the brotli module, or null to leave it out. */
  brotliModule?: string | null;
  /** Run workers as this user (only meaningful when started as root). */
  user?: string | null;
}

/**
 * Replace the production `listen` lines and site root (and, given `logDir`, the directory of the
 * site's own logs); throws if the file no longer has them.
 */
export function adaptSiteConfig(text: string, siteRoot: string, port: number, host = '127.0.0.1', logDir?: string): string {
  if (!/^\s*listen 80;$/m.test(text)) throw new Error(`${SITE_CONF} must listen on port 80 (production)`);
  if (!text.includes(`root ${PRODUCTION_ROOT};`)) throw new Error(`${SITE_CONF} must serve ${PRODUCTION_ROOT}`);
  const logs = logDir ? resolve(logDir) : null;
  if (logs && /[\s;{}'"$]/.test(logs)) throw new Error(`Unsupported characters in the log directory: ${logs}`);
  return replaceRoot(logs ? text.split(`${PRODUCTION_LOG_DIR}/`).join(`${logs}/`) : text, siteRoot)
    .replace(/^(\s*)listen 80;$/m, `$1listen ${host}:${port};`)
    .replace(/^\s*listen \[::\]:80;\n/m, '');
}

/** Point every path of the production site root at another directory. */
export function replaceRoot(text: string, siteRoot: string): string {
  const root = resolve(siteRoot);
  if (/[\s;{}'"$]/.test(root)) throw new Error(`Unsupported characters in the site root: ${root}`);
  return text.split(PRODUCTION_ROOT).join(root);
}

/** The main configuration of the trial server (the production one is Debian's /etc/nginx/nginx.conf). */
export function mainConfig(options: TrialConfigOptions): string {
  const prefix = resolve(options.prefix);
  const temp = (name: string) => join(prefix, 'temp', name);
  return [
    ...(options.brotliModule ? [`load_module ${options.brotliModule};`] : []),
    ...(options.user ? [`user ${options.user};`] : []),
    'worker_processes 1;',
    'daemon off;',
    'master_process on;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    `    access_log ${join(prefix, 'logs', 'access.log')};`,
    `    client_body_temp_path ${temp('body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    `    include ${join(prefix, 'sites', SITE_CONF)};`,
    '}',
    '',
  ].join('\n');
}

/** Write the trial configuration into `prefix`; returns the path of its nginx.conf. */
export function writeTrialConfig(options: TrialConfigOptions): string {
  const prefix = resolve(options.prefix);
  for (const dir of ['sites', 'snippets', 'logs', 'temp']) mkdirSync(join(prefix, dir), { recursive: true });
  const site = readFileSync(join(options.sourceDir, SITE_CONF), 'utf8');
  writeFileSync(join(prefix, 'sites', SITE_CONF), adaptSiteConfig(site, options.siteRoot, options.port, options.host, join(prefix, 'logs')));
  for (const name of readdirSync(join(options.sourceDir, 'snippets'))) {
    const text = readFileSync(join(options.sourceDir, 'snippets', name), 'utf8');
    writeFileSync(join(prefix, 'snippets', name), replaceRoot(text, options.siteRoot));
  }
  const confPath = join(prefix, 'nginx.conf');
  writeFileSync(confPath, mainConfig({ ...options, prefix }));
  return confPath;
}
