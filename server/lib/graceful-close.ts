import { type Server, type ServerResponse } from 'node:http';

/**
 * Prepares `server` to stop without dropping a request: answers the function that stops it.
 *
 * `server.close()` alone stops listening and closes idle keep-alive connections, but a
 * connection busy with a request stays open after its answer, and a client that keeps sending
 * on it is served forever, so the server never stops. Here, once closing has begun, every answer
 * not yet sent (and every request that still arrives on an open connection) carries
 * `Connection: close`, so its connection ends right after it; a connection whose answer had
 * already begun (an event stream) is closed as soon as it is idle. The promise resolves when
 * the last connection has ended.
 */
export function gracefulClose(server: Server): () => Promise<void> {
  const inFlight = new Set<ServerResponse>();
  let closing = false;

  function forget(this: ServerResponse) {
    inFlight.delete(this);
  }
  const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections());
  const lastOnItsConnection = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', closeIdleSoon);
  };

  // Before the app's own listener, so that an answer sent at once still sees the header.
  server.prependListener('request', (_request, response: ServerResponse) => {
    if (closing) return lastOnItsConnection(response);
    inFlight.add(response);
    response.on('close', forget);
  });

  return () =>
    new Promise<void>((resolve, reject) => {
      if (closing) return reject(new Error('The server is already closing'));
      closing = true;
      server.close((error) => (error ? reject(error) : resolve()));
      for (const response of inFlight) lastOnItsConnection(response);
      inFlight.clear();
      server.closeIdleConnections();
    });
}
