import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@shared/tables/posts';
import { uploadsDirectory } from '../services/uploads/store-upload';
import { signedInConsumer } from '../testing/gift-cards';
import { PNG_PIXEL } from '../testing/images';
import { createTestContext, type TestContext } from '../testing/test-app';

// Uploads (more in posts.test.ts: the stored name and type, 413 over 5 MB, 401).
let context: TestContext;
let agent: Awaited<ReturnType<typeof signedInConsumer>>['agent'];
beforeAll(async () => {
  context = await createTestContext();
  ({ agent } = await signedInConsumer(context));
});
afterAll(async () => {
  await context.close();
});

const NOT_AN_IMAGE = 'Only JPEG, PNG, GIF or WebP images can be uploaded';

const storedUploads = async () => {
  const [row] = await context.database.db.select({ rows: count() }).from(uploads);
  return row?.rows ?? 0;
};
const storedFiles = () => {
  const directory = uploadsDirectory(context.config.dataDir);
  return fs.existsSync(directory) ? fs.readdirSync(directory) : [];
};

describe('POST /api/uploads refuses what is not an image, whatever it is called', () => {
  const svg =
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
  const cases: Array<[string, string | Buffer, string, string]> = [
    ['SVG named .svg', svg, 'drawing.svg', 'image/svg+xml'],
    ['SVG named .png and sent as image/png', svg, 'photo.png', 'image/png'],
    ['SVG without the XML prologue', '<svg onload="alert(1)"/>', 'a.webp', 'image/webp'],
    ['HTML named .gif', '<!doctype html><script>alert(1)</script>', 'funny.gif', 'image/gif'],
    ['HTML with a byte-order mark', '\ufeff<html><body onload=alert(1)>', 'a.jpg', 'image/jpeg'],
    ['JavaScript named .jpg', 'fetch("/api/user").then(r => r.text())', 'pic.jpg', 'image/jpeg'],
    ['a shell script named .png', '#!/bin/sh\nrm -rf /\n', 'x.png', 'image/png'],
    ['a PDF', '%PDF-1.7\n1 0 obj <</JS (app.alert(1))>>', 'doc.png', 'application/pdf'],
    ['a PNG signature cut short', PNG_PIXEL.subarray(0, 6), 'short.png', 'image/png'],
  ];

  it.each(cases)('%s → 400, nothing stored', async (_label, content, name, contentType) => {
    const filesBefore = storedFiles().length;
    const rowsBefore = await storedUploads();
    const response = await agent
      .post('/api/uploads')
      .attach('file', Buffer.from(content), { filename: name, contentType });
    expect([response.status, response.body.message]).toEqual([400, NOT_AN_IMAGE]);
    expect(storedFiles()).toHaveLength(filesBefore);
    expect(await storedUploads()).toBe(rowsBefore);
  });
});

describe('POST /api/uploads names and types files itself', () => {
  it('ignores the sent name (a path included) and the claimed type', async () => {
    const response = await agent
      .post('/api/uploads')
      .attach('file', PNG_PIXEL, { filename: '../../../evil.html', contentType: 'text/html' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ contentType: 'image/png' });
    const name = path.basename(response.body.url as string);
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    // Every stored file has a name the server made, inside the uploads folder.
    expect(storedFiles().every((file) => /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/.test(file))).toBe(
      true,
    );
    expect(fs.existsSync(path.join(context.config.dataDir, 'evil.html'))).toBe(false);

    const served = await context.agent().get(response.body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Opened on its own, nothing in it can run.
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('takes one file: two in one request → 400, nothing stored', async () => {
    const filesBefore = storedFiles().length;
    const response = await agent
      .post('/api/uploads')
      .attach('file', PNG_PIXEL, 'one.png')
      .attach('file', PNG_PIXEL, 'two.png');
    expect([response.status, response.body.message]).toEqual([400, 'Upload one image at a time']);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it('answers a multipart body that does not parse with 400', async () => {
    for (const [contentType, body] of [
      ['multipart/form-data; boundary=x', '{}'],
      ['multipart/form-data', '--x\r\n'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      ],
    ] as const) {
      const response = await agent.post('/api/uploads').set('Content-Type', contentType).send(body);
      expect([response.status, response.body.message], body).toEqual([
        400,
        'The upload could not be read. Please try again.',
      ]);
    }
  });

  it('takes the file only under the field "file"', async () => {
    const response = await agent.post('/api/uploads').attach('image', PNG_PIXEL, 'a.png');
    expect([response.status, response.body.message]).toEqual([400, 'Choose an image to upload']);
  });

  it('does not serve what is not an upload: a missing name is 404, a path outside is 404', async () => {
    const missing = await context.agent().get(`/uploads/${'0'.repeat(32)}.png`);
    expect(missing.status).toBe(404);
    const outside = await context.agent().get('/uploads/..%2f..%2fpackage.json');
    expect(outside.status).toBe(404);
  });
});
