import { z } from 'zod';

/**
 * `GET /api/map/config`: the tiles maps draw under their markers. With no tile server configured
 * both are null and maps draw the bundled outline of the US states, which needs no network.
 */
export const mapConfigSchema = z
  .object({
    /** A raster tile URL template ({z}/{x}/{y}, optionally {s}), or null for the bundled basemap. */
    tileUrl: z.string().nullable(),
    /** The tiles' attribution as plain text, shown on the map; null with the bundled basemap. */
    attribution: z.string().nullable(),
  })
  .describe('The tiles maps draw under their markers');
export type MapConfig = z.infer<typeof mapConfigSchema>;
