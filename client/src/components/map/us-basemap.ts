import { feature, mesh } from 'topojson-client';
import { type GeometryCollection, type Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';

/**
 * The bundled basemap: the US states from the us-atlas TopoJSON (Census Bureau cartographic
 * boundaries, 1:10m), in longitude and latitude. It ships inside the map's chunk, so a map draws
 * with no network and no tile server; land fills and state borders are two layers.
 */
const topology = statesTopology as unknown as Topology<{
  states: GeometryCollection;
  nation: GeometryCollection;
}>;

export const usLand = feature(topology, topology.objects.nation);
export const usStateBorders = mesh(topology, topology.objects.states, (a, b) => a !== b);
