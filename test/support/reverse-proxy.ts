import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/** haproxy from Debian's package (.ci/run installs it when missing). */
export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => fs.existsSync(file)) ?? 'haproxy';

export interface ReverseProxy {
  /** e.g. https://127.0.0.1:41234 */
  url: string;
  /** The self-signed certificate it presents (PEM), for clients to trust. */
  certificate: string;
  output(): string;
  /** Each server's state in each backend, as haproxy's stats socket reports it now. */
  servers(): Promise<ServerState[]>;
  close(): Promise<void>;
}

/** One server of one backend: UP or DOWN (or on the way: "UP 1/2", "DOWN 1/2"), and its last check (L7OK, L7STS, …). */
export interface ServerState {
  backend: string;
  server: string;
  status: string;
  check: string;
}

export interface ReverseProxyOptions {
  /**
   * Also checks each instance's readiness (`/api/health/ready`'s 503 while the database is
   * away), in a backend no request is sent to, as a monitor would: what a balancer checking
   * readiness would have done, beside the liveness it checks.
   */
  watchReadiness?: boolean;
}

/** The health checks of a balancer in front of Meterly (the README shows these lines). */
const CHECK_DEFAULTS = [
  // A check every second; out after 2 failed in a row, back after 2 passed; a check waits 3 s.
  '  default-server inter 1s fall 2 rise 2',
  '  timeout check 3s',
];

/**
 * A self-signed certificate for 127.0.0.1, made now with the openssl CLI, valid a day: key and
 * certificate in one PEM as haproxy wants them, and the certificate alone for clients.
 */
function selfSignedCertificate(dir: string): { pem: string; certificate: string } {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  const certificate = fs.readFileSync(cert, 'utf8');
  const pem = path.join(dir, 'site.pem');
  fs.writeFileSync(pem, certificate + fs.readFileSync(key, 'utf8'), { mode: 0o600 });
  return { pem, certificate };
}

/**
 * haproxy terminating TLS on a free loopback port and balancing round-robin over `backends`
 * (plain http), as a production load balancer would: it tells the server the scheme
 * (X-Forwarded-Proto) and the client's address (X-Forwarded-For, appended to whatever the
 * client sent), and names the instance that answered in X-Meterly-Instance.
 */
export async function startReverseProxy(
  port: number,
  backends: Array<{ name: string; port: number }>,
  options: ReverseProxyOptions = {},
): Promise<ReverseProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-proxy-'));
  const { pem, certificate } = selfSignedCertificate(dir);
  const stats = path.join(dir, 'stats.sock');
  const servers = backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`);
  const config = [
    'global',
    '  maxconn 512',
    `  stats socket ${stats} mode 600 level user`,
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    ...CHECK_DEFAULTS,
    'frontend site',
    `  bind 127.0.0.1:${port} ssl crt ${pem}`,
    '  http-request set-header X-Forwarded-Proto https',
    '  option forwardfor',
    '  default_backend meterly',
    'backend meterly',
    '  balance roundrobin',
    // Liveness, not readiness: a database blip must not take every instance out at once (issue 30).
    '  option httpchk GET /api/health/live',
    '  http-check expect status 200',
    '  http-response set-header X-Meterly-Instance %s',
    ...servers,
    ...(options.watchReadiness ? ['backend readiness', '  option httpchk GET /api/health/ready', '  http-check expect status 200', ...servers] : []),
    '',
  ].join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => (output += `\n${error.message}`));
  try {
    await waitForTls(port, certificate, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `https://127.0.0.1:${port}`,
    certificate,
    output: () => output,
    servers: () => serverStates(stats),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `show stat` on the stats socket: a CSV whose first line names the columns. */
async function serverStates(socketPath: string): Promise<ServerState[]> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = net.connect(socketPath, () => socket.end('show stat\n'));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)];
  return rows
    .map((line) => line.split(','))
    .filter((row) => !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')))
    .map((row) => ({ backend: at(row, 'pxname'), server: at(row, 'svname'), status: at(row, 'status'), check: at(row, 'check_status') }));
}

/** Until a TLS handshake with our certificate succeeds (haproxy is listening), or 15 s. */
async function waitForTls(port: number, ca: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`haproxy exited:\n${output()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`haproxy did not listen on ${port}:\n${output()}`);
}
