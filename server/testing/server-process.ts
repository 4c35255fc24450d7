import { spawn } from 'node:child_process';
import path from 'node:path';
import { findProjectRoot } from '../lib/project-root';

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null; at: number };

/** The real entry point (`server/index.ts`) running in a process of its own. */
export type ServerProcess = {
  pid: number;
  port: number;
  baseUrl: string;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the process has exited (`at` is `performance.now()` then). */
  exited: Promise<ServerExit>;
  hasExited: () => boolean;
  signal: (signal: NodeJS.Signals) => void;
  /** Writes a line to its stdin (read by a preloaded test module, if any). */
  send: (line: string) => void;
  /** SIGKILL if it still runs, then waits for the exit. */
  kill: () => Promise<void>;
};

const READY = /mark\.it is ready on http:\/\/localhost:(\d+)/;

/**
 * Starts `node --import tsx server/index.ts` with `env` (only PATH and HOME are inherited) and
 * resolves once it says it is ready. `preload` is a module imported before the entry point.
 * Runs the sources, not the build: the fault tests run before `npm run build` in CI.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  preload?: string;
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const root = findProjectRoot();
  const args = ['--import', 'tsx'];
  if (options.preload) args.push('--import', options.preload);
  args.push(path.join(root, 'server/index.ts'));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // A write to a process that has exited must not fail the test run.
  child.stdin.on('error', () => undefined);

  let exitedAlready = false;
  const exited = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedAlready = true;
      resolve({ code, signal, at: performance.now() });
    });
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start in time:\n${output}`));
    }, options.readyTimeoutMs ?? 60_000);
    const check = () => {
      const match = READY.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve(Number(match[1]));
    };
    child.stdout.on('data', check);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The server exited (${exit.code ?? exit.signal}) before it was ready:\n${output}`,
        ),
      );
    });
  });

  return {
    pid: child.pid ?? 0,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    hasExited: () => exitedAlready,
    signal: (signal) => {
      child.kill(signal);
    },
    send: (line) => {
      child.stdin.write(`${line}\n`);
    },
    kill: async () => {
      if (!exitedAlready) child.kill('SIGKILL');
      await exited;
    },
  };
}
