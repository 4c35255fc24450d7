import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isRead } from './http';

/**
 * Several middleware as one: each runs in turn, an error skips the rest. Express pays for every
 * layer a request walks through (matching, its own `next`), so the API's preamble and its
 * session handling are one layer each.
 */
export function series(...handlers: RequestHandler[]): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result: unknown = handler(request, response, step);
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        step(thrown ?? new Error('middleware threw a nullish value'));
      }
    };
    step();
  };
}

/** `handler` on writes; reads go straight on. */
export function onWrites(handler: RequestHandler): RequestHandler {
  return (request, response, next) => (isRead(request) ? next() : handler(request, response, next));
}

/** `handler` on reads; writes go straight on. */
export function onReads(handler: RequestHandler): RequestHandler {
  return (request, response, next) => (isRead(request) ? handler(request, response, next) : next());
}
