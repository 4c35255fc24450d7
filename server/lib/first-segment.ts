import { type RequestHandler, type Router } from 'express';

const FIXED_SEGMENT = /^\/([A-Za-z0-9_.~-]+)(?:\/|$)/;

const firstSegment = (path: string) => {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
};

/** The first segments a router's routes start with, or null if one starts with a parameter. */
function segmentsOf(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack) {
    const path = layer.route?.path;
    if (path === undefined) continue;
    const fixed = typeof path === 'string' ? FIXED_SEGMENT.exec(path) : null;
    if (!fixed) return null;
    segments.add(fixed[1]!.toLowerCase());
  }
  return segments;
}

/**
 * The routers, as one layer that enters, in their order, only those with a route on the
 * request's first path segment (compared without case, as Express routes). Mounted one after
 * another, a dozen feature routers made every request walk every route of every router before
 * its own. The segments are read from the routers' routes, so they cannot drift from them; a
 * router with a route that starts with a parameter is entered for every path. Middleware a
 * router `use`s runs only for requests on its own routes' segments.
 */
export function routeByFirstSegment(routers: Router[]): RequestHandler {
  const entries = routers.map((router) => ({ router, segments: segmentsOf(router) }));
  const forSegment = new Map<string, Router[]>();
  for (const { segments } of entries) {
    for (const segment of segments ?? []) {
      forSegment.set(
        segment,
        entries
          .filter((entry) => entry.segments === null || entry.segments.has(segment))
          .map((entry) => entry.router),
      );
    }
  }
  const forAnyPath = entries.filter((entry) => entry.segments === null).map((e) => e.router);

  return (request, response, next) => {
    const candidates = forSegment.get(firstSegment(request.path)) ?? forAnyPath;
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      const router = candidates[index++];
      if (!router) return next();
      router(request, response, step);
    };
    step();
  };
}
