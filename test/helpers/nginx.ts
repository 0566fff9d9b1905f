import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { freePort } from './binaries.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The repository's own deploy/nginx.conf, with only what differs on a test machine replaced: the
 * upstream's address, the two ports (loopback), the certificate's paths; the IPv6 listeners go.
 * Each replaced text must be in the file exactly once, so the file tested is the file shipped.
 */
export function renderNginxConf(opts: { upstreams: string[]; httpsPort: number; httpPort: number; cert: string; key: string }): string {
  let text = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const swap = (from: string, to: string) => {
    const n = text.split(from).length - 1;
    if (n !== 1) throw new Error(`deploy/nginx.conf: expected "${from}" once, found it ${n} times (the test replaces it)`);
    text = text.replace(from, to);
  };
  swap('    server 127.0.0.1:8080 max_fails=0;\n', opts.upstreams.map((u) => `    server ${u} max_fails=0;\n`).join(''));
  swap('    listen 80;\n', `    listen 127.0.0.1:${opts.httpPort};\n`);
  swap('    listen [::]:80;\n', '');
  swap('    listen 443 ssl http2;\n', `    listen 127.0.0.1:${opts.httpsPort} ssl http2;\n`);
  swap('    listen [::]:443 ssl http2;\n', '');
  swap('/etc/letsencrypt/live/klaxon.example.com/fullchain.pem', opts.cert);
  swap('/etc/letsencrypt/live/klaxon.example.com/privkey.pem', opts.key);
  return text;
}

export interface Nginx {
  child: ChildProcess;
  httpsPort: number;
  httpPort: number;
  output: string[];
  stop(): Promise<void>;
}

/**
 * Debian's nginx as a child process with its own prefix, pid, logs and temp folders, serving the
 * rendered deploy/nginx.conf inside a minimal main configuration. Resolves once it answers.
 */
export async function startNginx(bin: string, dir: string, opts: { upstreams: string[]; cert: string; key: string }): Promise<Nginx> {
  const httpsPort = await freePort();
  const httpPort = await freePort();
  mkdirSync(join(dir, 'logs'), { recursive: true });
  writeFileSync(join(dir, 'klaxon.conf'), renderNginxConf({ ...opts, httpsPort, httpPort }));
  const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // Run as root (CI), the workers would otherwise be `nobody` and could not reach the test's private folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'logs/error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(dir, 'logs/access.log')};`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${join(dir, 'klaxon.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs/error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (gone) throw new Error(`nginx exited during start:\n${output.join('')}\n${readFileSync(join(dir, 'logs/error.log'), 'utf8')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' });
      await res.body?.cancel();
      break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start within 30 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    httpsPort,
    httpPort,
    output,
    async stop() {
      if (!gone) child.kill('SIGQUIT');
      await exited;
    },
  };
}

export interface HttpsAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * One HTTPS request through the proxy, trusting the test's certificate, sent from `localAddress`
 * (any 127.x address is this machine's, so the proxy sees a client address the test chose).
 */
export function httpsCall(opts: { port: number; ca: string; localAddress: string }, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<HttpsAnswer> {
  return new Promise((resolvePromise, reject) => {
    const req = httpsRequest(httpsOptions(opts, method, path, headers), (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A request whose response is read as it comes (the live event stream). */
export function httpsOpen(opts: { port: number; ca: string; localAddress: string }, path: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const req = httpsRequest(httpsOptions(opts, 'GET', path, headers), resolvePromise);
    req.on('error', reject);
    req.end();
  });
}

function httpsOptions(opts: { port: number; ca: string; localAddress: string }, method: string, path: string, headers: Record<string, string>): RequestOptions {
  return { host: '127.0.0.1', servername: 'localhost', port: opts.port, ca: opts.ca, localAddress: opts.localAddress, method, path, headers: { host: `localhost:${opts.port}`, ...headers }, agent: false };
}
