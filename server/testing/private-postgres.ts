import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A Postgres server of the test's own (a fresh cluster in a temporary folder on a free port), for
 * tests that stop and start the database: the shared test server is used by other test files at
 * the same time and must never be restarted.
 */
export type PrivatePostgres = {
  port: number;
  /** The URL of `database` on this server (`postgres` by default). */
  url: (database?: string) => string;
  createDatabase: (name: string) => Promise<string>;
  /** `pg_ctl stop -m fast`: every connection is ended at once, as in a restart. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server if it runs and removes its folder. */
  destroy: () => Promise<void>;
};

/** The folder of initdb and pg_ctl: `pg_config --bindir`, else the newest /usr/lib/postgresql. */
function postgresBinaries(): string {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on the PATH: look where Debian and Ubuntu install the server.
  }
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  const found = candidates.find((directory) => fs.existsSync(path.join(directory, 'initdb')));
  if (!found) throw new Error('initdb not found: install the Postgres server binaries');
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binaries = postgresBinaries();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-pg-'));
  const dataDirectory = path.join(folder, 'data');
  // Postgres refuses to run as root: as root, run it as the postgres user, which owns the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(folder, uid, gid);
  }
  // Run from the cluster's folder: the postgres user may not be allowed into the current one.
  const postgres = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binaries, program), ...args], {
          cwd: folder,
        })
      : run(path.join(binaries, program), args, { cwd: folder });

  const port = await freePort();
  // Durability is not under test: no fsync makes start, stop and commits fast on a busy machine.
  const serverOptions = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = async () => {
    await postgres('pg_ctl', [
      '-D',
      dataDirectory,
      '-o',
      serverOptions,
      '-l',
      path.join(folder, 'postgres.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async () => {
    await postgres('pg_ctl', ['-D', dataDirectory, '-m', 'fast', '-w', 'stop']);
  };

  try {
    await postgres('initdb', [
      '-D',
      dataDirectory,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    await start();
  } catch (error) {
    await postgres('pg_ctl', ['-D', dataDirectory, '-m', 'immediate', 'stop']).catch(
      () => undefined,
    );
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    createDatabase: async (name) => {
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    stop,
    start,
    destroy: async () => {
      if (fs.existsSync(path.join(dataDirectory, 'postmaster.pid'))) {
        await postgres('pg_ctl', ['-D', dataDirectory, '-m', 'immediate', '-w', 'stop']).catch(
          () => undefined,
        );
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
