import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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
  close(): Promise<void>;
}

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
export async function startReverseProxy(port: number, backends: Array<{ name: string; port: number }>): Promise<ReverseProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-proxy-'));
  const { pem, certificate } = selfSignedCertificate(dir);
  const config = [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    'frontend site',
    `  bind 127.0.0.1:${port} ssl crt ${pem}`,
    '  http-request set-header X-Forwarded-Proto https',
    '  option forwardfor',
    '  default_backend meterly',
    'backend meterly',
    '  balance roundrobin',
    '  http-response set-header X-Meterly-Instance %s',
    ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`),
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
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
