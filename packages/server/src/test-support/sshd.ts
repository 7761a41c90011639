import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The account scripts/ensure-sshd.sh creates for the password-type tunnel. */
export const TUNNEL_USER = 'gatehouse-tunnel';
export const TUNNEL_PASSWORD = 'tunnel-test-password';

/** A real OpenSSH server on a loopback port, with a configuration, host key and authorized keys of its own. */
export interface TestSshd {
  port: number;
  /** Lets a public key (an OpenSSH "ssh-rsa AAAA..." line) sign in as the tunnel user. */
  authorize: (publicKeyLine: string) => void;
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts /usr/sbin/sshd (Debian's openssh-server, installed by scripts/ensure-sshd.sh) in the
 * foreground on a free loopback port: password and public-key sign-in for the tunnel user only,
 * port forwarding allowed, StrictModes off (the key files live in a temporary folder).
 */
export async function startSshd(): Promise<TestSshd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-sshd-'));
  // sshd reads the authorized keys as the signing-in user.
  fs.chmodSync(dir, 0o755);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'host_key')]);
  const authorizedKeys = path.join(dir, 'authorized_keys');
  fs.writeFileSync(authorizedKeys, '', { mode: 0o644 });
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(dir, 'host_key')}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'AllowTcpForwarding yes',
      `AllowUsers ${TUNNEL_USER}`,
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  fs.mkdirSync('/run/sshd', { recursive: true });
  const child: ChildProcess = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk);
  });
  for (let i = 0; i < 100 && !(await accepting(port)); i++) {
    if (child.exitCode !== null) throw new Error(`sshd did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    authorize: (line) => fs.appendFileSync(authorizedKeys, `${line}\n`),
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
