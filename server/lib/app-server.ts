import http from 'node:http';
import { type Express } from 'express';

type Initialise = (this: unknown, ...args: unknown[]) => void;

/**
 * The HTTP server for an Express app, making each request and response with the app's own
 * prototypes (`app.request`, `app.response`) from the start.
 *
 * Express gives a plain request and response its methods by changing their prototype as they
 * enter the app (`Object.setPrototypeOf`). V8 handles that slowly, and on Node 20 it also keeps
 * about 40% of what a request allocates alive through the young generation's collections, to
 * be copied twice and freed only by a full collection: every scavenge then takes several times
 * longer and every request in flight waits for it (measured in docs/performance.md). Express
 * still makes the call; with the prototype already the one it asks for, it changes nothing.
 *
 * Node's IncomingMessage and ServerResponse are plain constructor functions, so each object is
 * made by `new` on a function of our own and initialised by Node's. (`Reflect.construct` with our
 * function as the new target gives the same objects, but V8 made a new hidden class for each one:
 * slower than the prototype change it replaces.)
 */
export function createAppServer(app: Express): http.Server {
  const initialiseRequest = http.IncomingMessage as unknown as Initialise;
  const initialiseResponse = http.ServerResponse as unknown as Initialise;
  function AppRequest(this: unknown, ...args: unknown[]) {
    initialiseRequest.apply(this, args);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: unknown, ...args: unknown[]) {
    initialiseResponse.apply(this, args);
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}
