import { createLogger, type Logger, type LogLevel } from '../lib/logger';

export type LogLine = Record<string, unknown> & { level: string; msg: string };

/** A logger that keeps its lines in memory, parsed, for tests to read. */
export function memoryLog(level: LogLevel = 'debug'): {
  logger: Logger;
  lines: LogLine[];
  text: () => string;
} {
  const written: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void written.push(line) });
  return {
    logger,
    get lines() {
      return written.map((line) => JSON.parse(line) as LogLine);
    },
    text: () => written.join(''),
  };
}
