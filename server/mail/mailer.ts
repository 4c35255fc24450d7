import nodemailer from 'nodemailer';
import { type MailConfig } from '../config';
import { type Logger } from '../lib/logger';
import { startMailCatcher } from './mail-catcher';
import { type MailContent } from './templates';

export type Mailer = {
  deliver: (message: MailContent & { to: string }) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Sends over SMTP: to SMTP_URL when it is set, otherwise to the app's own catcher on localhost
 * (DATA_DIR/mail). Called only from the mail job, never inside a request.
 */
export async function createMailer(
  config: MailConfig,
  dataDir: string,
  logger: Logger,
): Promise<Mailer> {
  const catcher = config.smtpUrl ? undefined : await startMailCatcher(dataDir, logger);
  const transport = nodemailer.createTransport(config.smtpUrl ?? catcher!.url);
  return {
    deliver: async (message) => {
      await transport.sendMail({ from: config.from, ...message });
    },
    close: async () => {
      transport.close();
      await catcher?.close();
    },
  };
}
