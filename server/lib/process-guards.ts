import { type Logger } from './logger';

type ProcessEvents = Pick<NodeJS.Process, 'on'>;

/**
 * What the process does with an error nobody handled.
 *
 * A promise rejected with nobody awaiting it is logged and the process goes on: Node's default
 * would end it, and with it every request in flight on this instance, for one forgotten
 * `.catch`; a rejection leaves nothing half-done behind it that later requests could trip on.
 * (A rejection inside a request handler never gets here: Express answers it with a 500.)
 *
 * An exception thrown out of a callback is logged and the server stops gracefully with exit
 * code 1 (Node's advice: after it, the process may be in a state nobody planned for). Requests
 * in flight are still answered; the supervisor starts a fresh process.
 */
export function installProcessGuards(options: {
  logger: Pick<Logger, 'error'>;
  /** Stops the server gracefully and exits with `exitCode`. */
  stop: (reason: string, exitCode: number) => void;
  target?: ProcessEvents;
}): void {
  const { logger, stop, target = process } = options;
  target.on('unhandledRejection', (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (the process goes on)');
  });
  target.on('uncaughtException', (error: Error, origin: string) => {
    logger.error({ origin, err: error }, 'uncaught exception: stopping');
    stop('uncaught exception', 1);
  });
}
