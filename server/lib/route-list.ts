import { type Router } from 'express';

/** A route as registered: its method in capitals and its path under the mount point. */
export type RouteEntry = { method: string; path: string };

type RouteLayer = { route?: { path: unknown; methods: Record<string, boolean> } };

/**
 * Every route the routers register (method and path, `prefix` before it), in their order: what
 * the authorization matrix test compares its table with, so that a new route cannot go unlisted.
 */
export function routesOf(routers: Router[], prefix: string): RouteEntry[] {
  return routers.flatMap((router) =>
    (router.stack as RouteLayer[]).flatMap((layer) => {
      const route = layer.route;
      if (!route) return [];
      return Object.keys(route.methods)
        .filter((method) => route.methods[method] && method !== '_all')
        .map((method) => ({
          method: method.toUpperCase(),
          path: `${prefix}${String(route.path)}`,
        }));
    }),
  );
}
