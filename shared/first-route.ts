import { type PublicProfile } from './schema/profiles';

/** The id of the JSON data block a guest's first page is sent with. */
export const FIRST_ROUTE_DATA_ID = 'first-route-data';

/**
 * What the page of a guest's first route finds in the HTML instead of asking for it: the public
 * profile, and `signedIn: false` when the request carried no session cookie (nobody can be signed
 * in without one; with one, the client asks who it is).
 */
export type FirstRouteData = { profile?: PublicProfile; signedIn?: false };
