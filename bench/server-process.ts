import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export type RunningServer = {
  url: string;
  /** Milliseconds from spawning the process to the first healthy answer. */
  readyMs: number;
  process: ChildProcess;
  stop: () => Promise<number | null>;
};

/** The environment without the variables set to `undefined` (unset for the child). */
function withoutUnset(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined));
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `command args` with `env`, then polls `GET /api/health` on `port` until it answers 200.
 * The time to ready is measured from the spawn, so it includes Node's start, migrations and seeding.
 */
export async function startServer(options: {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  timeoutMs?: number;
  /** Echo the process's output (start-up messages, errors). */
  echo?: boolean;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const startedAt = performance.now();
  const child = spawn(options.command, options.args, {
    env: withoutUnset({ ...process.env, ...options.env, PORT: String(options.port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping `npm start` also stops the node process under it.
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.echo) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = startedAt + (options.timeoutMs ?? 120_000);
  let readyMs = 0;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${options.command} exited with ${child.exitCode}:\n${output}`);
    }
    if (performance.now() > deadline) {
      signal('SIGKILL');
      throw new Error(`${options.command} was not ready in time:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        readyMs = performance.now() - startedAt;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  return {
    url,
    readyMs,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
