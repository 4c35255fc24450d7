import { randomUUID } from 'node:crypto';
import { type Request, type RequestHandler, type Response } from 'express';
import pinoHttp from 'pino-http';
import { type Logger, requestSummary, responseSummary } from './logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Load balancers ask for it every few seconds: its lines would bury the others at `info`. */
const HEALTH_PATH = '/api/health';

const ending = (response: Response) =>
  response.writableEnded ? 'request completed' : 'request aborted';

/**
 * Gives every request an id (`request.id`, sent back as X-Request-Id, so a user's report can be
 * matched with the server's lines) and writes one line when its answer has gone out: `requestId`,
 * `req` (method and path), `res` (status) and `responseTime` in milliseconds. Lines written
 * through `request.log` carry the `requestId` too.
 */
export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (_request, response) => {
      const id = randomUUID();
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customAttributeKeys: { reqId: 'requestId' },
    // `request.log` binds the id only; method and path go on the request's own line.
    quietReqLogger: true,
    serializers: { req: requestSummary, res: responseSummary },
    customLogLevel: (request, response) =>
      request.originalUrl.split('?')[0] === HEALTH_PATH && response.statusCode < 500
        ? 'debug'
        : 'info',
    customSuccessMessage: (_request, response) => ending(response),
    customErrorMessage: (_request, response) => ending(response),
    // A failure is logged once, with its stack, by the error handler (`server/lib/http.ts`):
    // without this the request's line would carry a made-up "failed with status code 500" error.
    customErrorObject: (_request, _response, _error, line: Record<string, unknown>) => ({
      res: line.res,
      responseTime: line.responseTime,
    }),
  });
}
