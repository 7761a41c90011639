import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real OpenLDAP directory for the tests: Debian's slapd (scripts/ensure-slapd.sh installs it)
 * started on loopback ports with a configuration and an mdb database of its own in a temporary
 * folder, filled with ldapadd, and stopped (folder removed) afterwards. The package's own service is
 * not used. Only Node's built-ins here, so that the browser tests (e2e/) start it too.
 */

const SLAPD = '/usr/sbin/slapd';
const SCHEMAS = ['core', 'cosine', 'nis', 'inetorgperson'];

export const SLAPD_BASE_DN = 'dc=example,dc=com';
export const SLAPD_PEOPLE_DN = `ou=people,${SLAPD_BASE_DN}`;
export const SLAPD_ADMIN_DN = `cn=admin,${SLAPD_BASE_DN}`;

/** A person of the directory: a POSIX account and an inetOrgPerson below ou=people. */
export interface DirectoryPerson {
  uid: string;
  cn: string;
  password: string;
  uidNumber: number;
  gidNumber?: number;
  sn?: string;
  givenName?: string;
  displayName?: string;
  mail?: string;
  mobile?: string;
  /** Lines of the postal address. */
  postalAddress?: string[];
}

export interface Slapd {
  host: '127.0.0.1';
  /** Plain LDAP (StartTLS offered when started with a certificate). */
  port: number;
  /** LDAPS, when started with a certificate (else 0). */
  tlsPort: number;
  baseDn: string;
  peopleDn: string;
  adminDn: string;
  adminPassword: string;
  /** Adds people below ou=people. */
  addPeople(people: DirectoryPerson[]): Promise<void>;
  /** Applies an LDIF of changes (ldapmodify: changetype add, modify, delete). */
  modify(ldif: string): Promise<void>;
  /** The DN of a person. */
  dnOf(uid: string): string;
  /** The body of add-ldap for an LDAP server of `owner` that points at this directory (`fields` added or replaced). */
  serverRecord(owner: string, fields?: Record<string, unknown>): Record<string, unknown>;
  stop(): Promise<void>;
}

/** {SSHA} of a password, as slapd stores them (SHA-1 of password and salt, then the salt). */
export function sshaOf(password: string): string {
  const salt = randomBytes(4);
  const digest = createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function run(command: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr}`))));
    child.stdin.end(input);
  });
}

function personLdif(person: DirectoryPerson, dn: string): string {
  const lines = [
    `dn: ${dn}`,
    'objectClass: inetOrgPerson',
    'objectClass: posixAccount',
    `uid: ${person.uid}`,
    `cn: ${person.cn}`,
    `sn: ${person.sn ?? person.cn.split(' ').pop() ?? person.cn}`,
    `uidNumber: ${person.uidNumber}`,
    `gidNumber: ${person.gidNumber ?? 500}`,
    `homeDirectory: /home/${person.uid}`,
    `userPassword: ${sshaOf(person.password)}`,
  ];
  if (person.givenName) lines.push(`givenName: ${person.givenName}`);
  if (person.displayName) lines.push(`displayName: ${person.displayName}`);
  if (person.mail) lines.push(`mail: ${person.mail}`);
  if (person.mobile) lines.push(`mobile: ${person.mobile}`);
  if (person.postalAddress) lines.push(`postalAddress: ${person.postalAddress.join('$')}`);
  return `${lines.join('\n')}\n`;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Starts slapd with `people` below ou=people; with `tls` (PEM key and certificate) it also serves LDAPS and StartTLS. */
export async function startSlapd(
  options: { people?: DirectoryPerson[]; tls?: { key: string; cert: string } } = {},
): Promise<Slapd> {
  if (!fs.existsSync(SLAPD)) throw new Error('slapd is not installed: run sh scripts/ensure-slapd.sh');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const adminPassword = randomBytes(12).toString('hex');
  const port = await freePort();
  const tlsPort = options.tls ? await freePort() : 0;
  const tlsLines: string[] = [];
  if (options.tls) {
    fs.writeFileSync(path.join(dir, 'key.pem'), options.tls.key, { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'cert.pem'), options.tls.cert);
    tlsLines.push(`TLSCertificateFile ${path.join(dir, 'cert.pem')}`, `TLSCertificateKeyFile ${path.join(dir, 'key.pem')}`);
  }
  const config = [
    ...SCHEMAS.map((schema) => `include /etc/ldap/schema/${schema}.schema`),
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    ...tlsLines,
    'database mdb',
    'maxsize 10485760',
    `suffix "${SLAPD_BASE_DN}"`,
    `rootdn "${SLAPD_ADMIN_DN}"`,
    `rootpw ${adminPassword}`,
    `directory ${path.join(dir, 'db')}`,
    // As a directory would be set up: passwords only for binding, the rest for signed-in readers.
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by users read by * none',
  ];
  fs.writeFileSync(path.join(dir, 'slapd.conf'), `${config.join('\n')}\n`);
  const urls = [`ldap://127.0.0.1:${port}/`, ...(tlsPort ? [`ldaps://127.0.0.1:${tlsPort}/`] : [])];
  // -d keeps slapd in the foreground (a child of this process) without debug output.
  const child = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', urls.join(' '), '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`slapd did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const url = `ldap://127.0.0.1:${port}`;
  const bind = ['-x', '-H', url, '-D', SLAPD_ADMIN_DN, '-w', adminPassword];
  const dnOf = (uid: string) => `uid=${uid},${SLAPD_PEOPLE_DN}`;
  const addPeople = (people: DirectoryPerson[]) =>
    people.length === 0 ? Promise.resolve() : run('ldapadd', bind, people.map((p) => personLdif(p, dnOf(p.uid))).join('\n'));
  try {
    await run(
      'ldapadd',
      bind,
      [
        `dn: ${SLAPD_BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example\n`,
        `dn: ${SLAPD_PEOPLE_DN}\nobjectClass: organizationalUnit\nou: people\n`,
      ].join('\n'),
    );
    await addPeople(options.people ?? []);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    tlsPort,
    baseDn: SLAPD_BASE_DN,
    peopleDn: SLAPD_PEOPLE_DN,
    adminDn: SLAPD_ADMIN_DN,
    adminPassword,
    addPeople,
    modify: (ldif) => run('ldapmodify', bind, ldif),
    dnOf,
    serverRecord: (owner, fields = {}) => ({
      owner,
      serverName: 'Test slapd',
      host: '127.0.0.1',
      port,
      username: SLAPD_ADMIN_DN,
      password: adminPassword,
      baseDn: SLAPD_PEOPLE_DN,
      filter: '(objectClass=posixAccount)',
      ...fields,
    }),
    stop,
  };
}
