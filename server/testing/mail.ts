import fs from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { mailDirectory } from '../mail/mail-catcher';

export type CaughtMail = { to: string; subject: string; text: string; html: string; file: string };

async function readAll(dataDir: string): Promise<CaughtMail[]> {
  const directory = mailDirectory(dataDir);
  const names = (await fs.readdir(directory).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(directory, name);
      const parsed: ParsedMail = await simpleParser(await fs.readFile(file));
      const to = Array.isArray(parsed.to)
        ? parsed.to.map((a) => a.text).join(', ')
        : parsed.to?.text;
      return {
        to: to ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        file,
      };
    }),
  );
}

/** Every message the local catcher has kept for this address so far, oldest first. */
export async function caughtMailTo(dataDir: string, address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  return (await readAll(dataDir)).filter((mail) => mail.to.toLowerCase().includes(wanted));
}

/** Waits (up to `timeoutMs`) until `count` messages to the address have been caught; answers them. */
export async function waitForMailTo(
  dataDir: string,
  address: string,
  { count = 1, timeoutMs = 10_000 } = {},
): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await caughtMailTo(dataDir, address);
    if (mail.length >= count) return mail;
    if (Date.now() > deadline) {
      throw new Error(`Expected ${count} message(s) to ${address}, caught ${mail.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in a message's text that goes to `pathname`, e.g. the reset link. */
export function linkIn(mail: CaughtMail, pathname: string): URL {
  const found = mail.text
    .split(/\s+/)
    .map((word) => {
      try {
        return new URL(word);
      } catch {
        return null;
      }
    })
    .find((url) => url?.pathname === pathname);
  if (!found) throw new Error(`No ${pathname} link in "${mail.subject}"`);
  return found;
}
