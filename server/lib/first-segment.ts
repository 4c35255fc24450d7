import { type RequestHandler, type Router } from 'express';

const FIXED_SEGMENT = /^\/([A-Za-z0-9_.~-]+)(?:\/|$)/;

const firstSegment = (path: string) => {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
};

/**
 * `router`, entered only by requests whose path starts with a segment one of its routes starts
 * with (compared without case, as Express routes). The API is a dozen feature routers mounted one
 * after another; without this a request is matched against every route of every router before
 * its own. The segments are read from the router's routes, so they cannot drift from them; a
 * router with a route that starts with a parameter is always entered. Middleware a router
 * `use`s runs only for requests on its own routes' segments.
 */
export function byFirstSegment(router: Router): RequestHandler {
  const segments = new Set<string>();
  for (const layer of router.stack) {
    const path = layer.route?.path;
    if (path === undefined) continue;
    const fixed = typeof path === 'string' ? FIXED_SEGMENT.exec(path) : null;
    if (!fixed) return router;
    segments.add(fixed[1]!.toLowerCase());
  }
  return (request, response, next) =>
    segments.has(firstSegment(request.path)) ? router(request, response, next) : next();
}
