import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { caughtMailTo } from '../testing/mail';
import { memoryLog } from '../testing/memory-log';
import { mailDirectory, startMailCatcher } from './mail-catcher';

describe('the local mail catcher', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-mail-'));
  const log = memoryLog();
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    catcher = await startMailCatcher(dataDir, log.logger);
  });
  afterAll(async () => {
    await catcher.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on the loopback address only', () => {
    expect(new URL(catcher.url).hostname).toBe('127.0.0.1');
  });

  it('keeps each message as an .eml file and logs one line naming it', async () => {
    const transport = nodemailer.createTransport(catcher.url);
    await transport.sendMail({
      from: 'app@example.com',
      to: 'reader@example.com',
      subject: 'Hello there',
      text: 'The body',
    });
    const [mail] = await caughtMailTo(dataDir, 'reader@example.com');
    expect(mail).toMatchObject({ subject: 'Hello there', text: 'The body\n' });
    expect(path.dirname(mail!.file)).toBe(mailDirectory(dataDir));
    const lines = log.lines.filter((line) => line.msg === 'mail caught');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.mail).toMatchObject({ to: 'reader@example.com', subject: 'Hello there' });
  });

  it('refuses a message over its size limit', async () => {
    const transport = nodemailer.createTransport(catcher.url);
    await expect(
      transport.sendMail({
        from: 'a@example.com',
        to: 'big@example.com',
        text: 'x'.repeat(2_000_000),
      }),
    ).rejects.toThrow();
    expect(await caughtMailTo(dataDir, 'big@example.com')).toEqual([]);
  });
});

describe('caught mail over HTTP', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('is not served by the app', async () => {
    const directory = mailDirectory(context.config.dataDir);
    fs.mkdirSync(directory, { recursive: true });
    fs.writeFileSync(
      path.join(directory, 'secret.eml'),
      'Subject: reset\n\nhttp://x/reset?token=1',
    );
    for (const url of [
      '/mail/secret.eml',
      '/uploads/../mail/secret.eml',
      '/uploads/%2e%2e/mail/secret.eml',
    ]) {
      const response = await context.agent().get(url);
      expect(response.text).not.toContain('token=1');
    }
  });
});
