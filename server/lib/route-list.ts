import { type Router } from 'express';

/** A route as mounted: its method in capitals and its full path. */
export type RouteEntry = { method: string; path: string };

type Layer = {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** Where a router or middleware is mounted (`app.use('/api', api)`). */
  rawPath?: unknown;
};

/**
 * Every route a router serves, through the routers mounted in it, with the full path: what the
 * test that every mounted route has a definition reads (a route added by hand beside the
 * definitions would show here and not there).
 */
export function mountedRoutes(router: Pick<Router, 'stack'>, prefix = ''): RouteEntry[] {
  return (router.stack as Layer[]).flatMap((layer) => {
    const route = layer.route;
    if (route) {
      return Object.keys(route.methods)
        .filter((method) => route.methods[method] && method !== '_all')
        .map((method) => ({
          method: method.toUpperCase(),
          path: `${prefix}${String(route.path)}`,
        }));
    }
    const inner = layer.handle?.stack;
    if (!inner) return [];
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    return mountedRoutes({ stack: inner } as Pick<Router, 'stack'>, `${prefix}${mount}`);
  });
}
