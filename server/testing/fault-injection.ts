/**
 * Imported before `server/index.ts` by the fault tests (`--import`): each line the test writes to
 * the server's stdin makes one fault in the running server, so that the guards the real entry
 * point installs are what handles it.
 *
 * - `reject`: a promise rejected with nobody awaiting it;
 * - `throw`: an exception thrown out of a callback.
 */
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  for (const command of chunk.split('\n')) {
    if (command === 'reject') {
      void Promise.reject(new Error('fault test: a promise rejected with nobody awaiting it'));
    } else if (command === 'throw') {
      setImmediate(() => {
        throw new Error('fault test: an exception thrown out of a callback');
      });
    }
  }
});
