/** What a long job reports: the step that starts now and how far it is, by weighted rows. */
export type ProgressEvent = { step: string; completed: number; total: number };

export type ProgressBar = {
  update: (event: ProgressEvent) => void;
  /** Stops the timer and ends the line; safe to call twice. */
  done: () => void;
};

const WIDTH = 28;
const REDRAW_MS = 500;

type Output = Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean; columns?: number };

/**
 * A one-line progress bar on stderr: percent, current step, elapsed seconds. On a terminal it is
 * redrawn in place (and ticks while a long step runs); in a log, one line per step.
 */
export function createProgress(label = 'seed', output: Output = process.stderr): ProgressBar {
  const started = performance.now();
  const interactive = Boolean(output.isTTY);
  let current: ProgressEvent | null = null;
  let timer: NodeJS.Timeout | null = null;

  const render = (event: ProgressEvent) => {
    const share = event.total > 0 ? Math.min(1, event.completed / event.total) : 0;
    const filled = Math.round(share * WIDTH);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const percent = `${Math.floor(share * 100)}%`.padStart(4);
    return `${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${percent} ${event.step} (${seconds} s)`;
  };

  const draw = () => {
    if (!current) return;
    const line = render(current);
    const width = output.columns ?? 120;
    output.write(`\r${line.slice(0, width - 1).padEnd(width - 1)}`);
  };

  return {
    update(event) {
      current = event;
      if (!interactive) {
        output.write(`${render(event)}\n`);
        return;
      }
      draw();
      timer ??= setInterval(draw, REDRAW_MS);
      timer.unref();
    },
    done() {
      if (timer) clearInterval(timer);
      timer = null;
      if (interactive && current) {
        draw();
        output.write('\n');
      }
      current = null;
    },
  };
}
