import { randomUUID } from 'node:crypto';
import { type RequestHandler, type Response } from 'express';
import { type Logger } from './logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's id, sent back as X-Request-Id; every line about the request carries it. */
      id: string;
    }
  }
}

/** Load balancers ask for it every few seconds: its lines would bury the others at `info`. */
const HEALTH_PATH = '/api/health';

const ending = (response: Response) =>
  response.writableEnded ? 'request completed' : 'request aborted';

/**
 * Gives every request an id (`request.id`, sent back as X-Request-Id, so a user's report can be
 * matched with the server's lines) and writes one line when its answer has gone out (or the client
 * went away): `requestId`, `req` (method and path, through the logger's serializer), `res`
 * (status) and `responseTime` in milliseconds.
 *
 * Written here rather than with pino-http: that creates two child loggers per request and
 * serialises the request into them whether or not the line is written, a large share of the
 * cheapest reads' CPU (measured in docs/performance.md); this costs an id, a header and one
 * listener pair.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (request, response, next) => {
    const id = randomUUID();
    request.id = id;
    response.setHeader(REQUEST_ID_HEADER, id);
    const started = Date.now();
    const done = () => {
      response.off('finish', done);
      response.off('close', done);
      const level =
        request.originalUrl.split('?')[0] === HEALTH_PATH && response.statusCode < 500
          ? 'debug'
          : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        { requestId: id, req: request, res: response, responseTime: Date.now() - started },
        ending(response),
      );
    };
    response.on('finish', done);
    response.on('close', done);
    next();
  };
}
