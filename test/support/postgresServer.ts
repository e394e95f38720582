import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private PostgreSQL cluster for tests: initdb into a temporary folder, a
 * free port on 127.0.0.1, stopped by the postmaster's own pid. Run as the
 * `postgres` user when the tests run as root (initdb refuses root).
 * .ci/run installs Debian's postgresql package when initdb is missing.
 */

export interface PostgresServer {
  host: string;
  port: number;
  /** The superuser's name and password (password authentication is on, so a wrong one is refused). */
  user: string;
  password: string;
  /** postgres://user:password@127.0.0.1:port/<database> */
  url(database?: string): string;
  /** Runs SQL through psql as the superuser; returns its unaligned, tab-separated output. */
  psql(sql: string, database?: string): string;
  /** SIGINT to the postmaster (a fast shutdown), waits for it to exit, removes the data. Idempotent. */
  stop(): Promise<void>;
}

const PASSWORD = 'pg-test-secret-7391';

/** The folder with initdb, pg_ctl and psql: the one on PATH, else Debian's newest. */
export function postgresBinDir(): string | undefined {
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb) return join(initdb, '..');
  } catch {
    // not on PATH
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** Why the tests cannot start a server here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  return postgresBinDir() ? undefined : 'PostgreSQL is not installed (no initdb; .ci/run installs Debian\'s postgresql package)';
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresUnavailable());
  const asRoot = process.getuid?.() === 0;
  const runAs = (command: string, args: string[], input?: string) =>
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });

  const root = mkdtempSync(join(tmpdir(), 'recall-gate-pg-'));
  // mkdtemp makes the folder 0700 for root: the postgres user must be able to write into it.
  chmodSync(root, 0o777);
  const dataDir = join(root, 'data');
  const passwordFile = join(root, 'password');
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  const user = 'postgres';
  runAs(join(bin, 'initdb'), ['-D', dataDir, '-U', user, '--pwfile', passwordFile, '-A', 'scram-sha-256', '--no-sync']);
  const port = await freePort();
  const log = join(root, 'server.log');
  runAs(join(bin, 'pg_ctl'), ['-D', dataDir, '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', log, '-w', 'start']);
  const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const host = '127.0.0.1';
  let stopped = false;

  return {
    host,
    port,
    user,
    password: PASSWORD,
    url: (database = 'postgres') => `postgres://${user}:${PASSWORD}@${host}:${port}/${database}`,
    psql: (sql, database = 'postgres') =>
      execFileSync(join(bin, 'psql'), ['-h', host, '-p', String(port), '-U', user, '-d', database, '-X', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
        encoding: 'utf8',
        env: { ...process.env, PGPASSWORD: PASSWORD },
      }),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
      while (isAlive(pid)) await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
