import fs from 'node:fs';
import path from 'node:path';
import { type RequestHandler } from 'express';

const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** Whether `accept` (an Accept-Encoding header) allows `encoding` (not with q=0). */
export function acceptsEncoding(accept: string | undefined, encoding: string): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [name, ...parameters] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1])[0];
    return quality === undefined || Number(quality) > 0;
  });
}

/**
 * Serves the Brotli or gzip copy that `scripts/compress-assets.mjs` wrote beside a built file,
 * when the browser accepts it: the scripts travel at a third of their size or less, compressed
 * once at build time instead of on every request. The copies present are listed once, at start;
 * anything else falls through to express.static.
 */
export function servePrecompressed(directory: string, maxAgeSeconds: number): RequestHandler {
  const available = new Set(fs.existsSync(directory) ? fs.readdirSync(directory) : []);
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const name = path.posix.basename(request.path);
    if (name !== request.path.slice(1) || !available.has(name)) return next();
    const accept = request.get('accept-encoding');
    const encoding = ENCODINGS.find(
      (candidate) =>
        available.has(`${name}${candidate.extension}`) && acceptsEncoding(accept, candidate.name),
    );
    response.vary('Accept-Encoding');
    if (!encoding) return next();
    response.set({
      'Content-Encoding': encoding.name,
      'Cache-Control': `public, max-age=${maxAgeSeconds}, immutable`,
    });
    response.type(path.extname(name));
    response.sendFile(path.join(directory, `${name}${encoding.extension}`), (error) => {
      if (error) next(error);
    });
  };
}
