/**
 * Start a real nginx with the repository's configuration (scripts/lib/nginx-config.ts) on a free
 * loopback port, for the tests.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BROTLI_MODULE, SIGNALS_LOG, writeTrialConfig } from './nginx-config';

export interface RunningNginx {
  url: string;
  port: number;
  prefix: string;
  /** Contents of the error log so far. */
  errorLog(): string;
  /** Contents of the readers' signals log so far (deploy/nginx: `location = /_signals`). */
  signalsLog(): string;
  stop(): Promise<void>;
}

/** Where the Debian package installs the binary; `NGINX_BIN` overrides it. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx'].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path)) ?? null;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function canConnect(port: number, host: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export interface StartNginxOptions {
  siteRoot: string;
  sourceDir?: string;
  brotli?: boolean;
}

export async function startNginx(options: StartNginxOptions): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx libnginx-mod-http-brotli-static)');
  const host = '127.0.0.1';
  const port = await freePort(host);
  const prefix = mkdtempSync(join(tmpdir(), 'monq-nginx-'));
  const brotli = options.brotli ?? true;
  if (brotli && !existsSync(BROTLI_MODULE)) {
    throw new Error(`${BROTLI_MODULE} is missing: apt-get install -y libnginx-mod-http-brotli-static`);
  }
  const confPath = writeTrialConfig({
    sourceDir: options.sourceDir ?? resolve('deploy/nginx'),
    siteRoot: options.siteRoot,
    prefix,
    port,
    host,
    brotliModule: brotli ? BROTLI_MODULE : null,
    // as root, workers would otherwise run as `nobody` and may not read a private build directory
    user: process.getuid?.() === 0 ? 'root' : null,
  });
  // Syntax check first: a clear message instead of a server that never answers.
  try {
    execFileSync(binary, ['-t', '-q', '-p', prefix, '-c', confPath], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx -t failed:\n${stderr}`);
  }
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', confPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let attempt = 0; !(await canConnect(port, host)); attempt++) {
    if (exited || attempt > 200) {
      child.kill('SIGTERM');
      throw new Error(`nginx did not start on ${host}:${port}:\n${stderr}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  const errorLogPath = join(prefix, 'logs', 'error.log');
  const signalsLogPath = join(prefix, 'logs', SIGNALS_LOG);
  return {
    url: `http://${host}:${port}`,
    port,
    prefix,
    errorLog: () => (existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : '') + stderr,
    signalsLog: () => (existsSync(signalsLogPath) ? readFileSync(signalsLogPath, 'utf8') : ''),
    stop: async () => {
      if (!exited) {
        const gone = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGQUIT'); // graceful shutdown of the master and its worker
        await gone;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
