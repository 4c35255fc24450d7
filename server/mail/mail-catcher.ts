import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type Logger } from '../lib/logger';

/** Where caught mail is kept: one `.eml` file per message, named by time so `ls` lists them in order. */
export const mailDirectory = (dataDir: string) => path.resolve(dataDir, 'mail');

export type MailCatcher = {
  /** The SMTP URL the app sends to (localhost, the port chosen at start). */
  url: string;
  close: () => Promise<void>;
};

const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * An SMTP server of the app's own for when no SMTP_URL is configured: mail still leaves through
 * real SMTP, and lands as `.eml` files in DATA_DIR/mail, with one log line per message (to,
 * subject, file). It listens on 127.0.0.1 only and serves nothing back: mail is read from the
 * disk, never over the network.
 */
export async function startMailCatcher(dataDir: string, logger: Logger): Promise<MailCatcher> {
  const directory = mailDirectory(dataDir);
  await fs.mkdir(directory, { recursive: true });
  const server = new SMTPServer({
    // Local only, no certificate to offer: plain SMTP with no sign-in.
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // smtp-server announces the size limit and counts, but leaves refusing to the handler.
        if (stream.sizeExceeded) {
          const error = Object.assign(new Error('Message exceeds the size limit'), {
            responseCode: 552,
          });
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
        const file = path.join(directory, name);
        fs.writeFile(file, raw)
          .then(() => simpleParser(raw))
          .then((parsed) => {
            const to = Array.isArray(parsed.to)
              ? parsed.to.map((address) => address.text).join(', ')
              : parsed.to?.text;
            logger.info({ mail: { to, subject: parsed.subject, file } }, 'mail caught');
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', (error) => logger.warn({ err: error }, 'mail catcher error'));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
