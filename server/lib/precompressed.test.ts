import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptsEncoding, servePrecompressed } from './precompressed';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-assets-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
fs.writeFileSync(path.join(directory, 'app-1a2b.js'), script);
fs.writeFileSync(path.join(directory, 'app-1a2b.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(directory, 'app-1a2b.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(directory, 'plain-3c4d.css'), 'body { color: black }\n');

const app = express();
app.use('/assets', servePrecompressed(directory, 31_536_000));
app.use('/assets', express.static(directory, { immutable: true, maxAge: '1y', index: false }));

afterAll(() => {
  fs.rmSync(directory, { recursive: true, force: true });
});

/** An answer's bytes as one buffer (supertest inflates gzip and Brotli on the way). */
const raw = (test: request.Test) =>
  test.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('servePrecompressed', () => {
  it('sends the Brotli copy to a browser that accepts it, as JavaScript, cached for a year', async () => {
    const response = await raw(
      request(app).get('/assets/app-1a2b.js').set('Accept-Encoding', 'gzip, deflate, br'),
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((response.body as Buffer).toString()).toBe(script);
    expect(Number(response.headers['content-length'])).toBeLessThan(script.length / 10);
  });

  it('sends gzip when only gzip is accepted, and the file itself otherwise', async () => {
    const gzip = await raw(request(app).get('/assets/app-1a2b.js').set('Accept-Encoding', 'gzip'));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((gzip.body as Buffer).toString()).toBe(script);
    expect(Number(gzip.headers['content-length'])).toBeLessThan(script.length / 10);

    const refused = await raw(
      request(app).get('/assets/app-1a2b.js').set('Accept-Encoding', 'br;q=0, gzip;q=0'),
    );
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((refused.body as Buffer).toString()).toBe(script);

    const identity = await raw(
      request(app).get('/assets/app-1a2b.js').set('Accept-Encoding', 'identity'),
    );
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect((identity.body as Buffer).toString()).toBe(script);
  });

  it('leaves files without copies, unknown files and other paths to express.static', async () => {
    const css = await request(app).get('/assets/plain-3c4d.css').set('Accept-Encoding', 'br');
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect((await request(app).get('/assets/missing.js').set('Accept-Encoding', 'br')).status).toBe(
      404,
    );
    expect(
      (await request(app).get('/assets/../app-1a2b.js').set('Accept-Encoding', 'br')).status,
    ).toBe(404);
  });

  it('reads Accept-Encoding with its quality values', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding('GZIP', 'gzip')).toBe(true);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('deflate', 'br')).toBe(false);
  });
});
