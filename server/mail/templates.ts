/** A message as every template makes it: a subject, plain text, and simple HTML of the same words. */
export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

type Block = { paragraph: string } | { link: string; label: string };

/** Lays the blocks out twice: as text (links on a line of their own) and as minimal HTML. */
function compose(subject: string, greetingName: string, blocks: Block[]): MailContent {
  const greeting = `Hi ${greetingName},`;
  const closing = 'The mark.it team';
  const text = [
    greeting,
    ...blocks.map((block) =>
      'paragraph' in block ? block.paragraph : `${block.label}: ${block.link}`,
    ),
    closing,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map((block) =>
      'paragraph' in block
        ? `<p>${escapeHtml(block.paragraph)}</p>`
        : `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`,
    ),
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

export function passwordResetMail(input: { name: string; link: string; minutes: number }) {
  return compose('Reset your mark.it password', input.name, [
    { paragraph: 'Someone asked to reset the password of your mark.it account.' },
    { link: input.link, label: 'Choose a new password' },
    {
      paragraph: `The link works once, for ${input.minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    },
  ]);
}

export function emailChangeMail(input: { name: string; link: string; minutes: number }) {
  return compose('Confirm your new mark.it e-mail', input.name, [
    { paragraph: 'Confirm that you want to sign in to mark.it with this e-mail address.' },
    { link: input.link, label: 'Confirm this address' },
    {
      paragraph: `The link works once, for ${input.minutes} minutes. Until you follow it, your sign-in e-mail stays as it was.`,
    },
  ]);
}

export function emailChangedMail(input: { name: string; newEmail: string }) {
  return compose('Your mark.it sign-in e-mail was changed', input.name, [
    {
      paragraph: `Your mark.it account now signs in with ${input.newEmail}, and this address gets no more mail from us. If you did not change it, reset your password from the sign-in page and write to us.`,
    },
  ]);
}

export function cardExpiringMail(input: {
  name: string;
  brandName: string;
  balance: string;
  expiresOn: string;
  link: string;
}) {
  return compose(`Your ${input.brandName} gift card expires soon`, input.name, [
    {
      paragraph: `Your ${input.brandName} gift card has ${input.balance} left and expires on ${input.expiresOn}.`,
    },
    { link: input.link, label: 'Open your wallet' },
  ]);
}

export function passwordChangedMail(input: { name: string }) {
  return compose('Your mark.it password was changed', input.name, [
    {
      paragraph:
        'The password of your mark.it account was just changed, and every other session was signed out. If this was not you, reset your password now.',
    },
  ]);
}

/** Where a business's payouts go was set or removed: a stolen session would do this first. */
export function payoutAccountChangedMail(input: {
  name: string;
  change: 'saved' | 'removed';
  accountLast4: string;
  link: string;
}) {
  const what =
    input.change === 'saved'
      ? `Withdrawals from your mark.it account now go to the bank account ending ${input.accountLast4}.`
      : `The bank account ending ${input.accountLast4} was removed from your mark.it account: withdrawals stop until you add another.`;
  return compose('Your mark.it payout details were changed', input.name, [
    { paragraph: what },
    { link: input.link, label: 'Review your Payment Settings' },
    {
      paragraph:
        'If you did not make this change, reset your password and turn two-factor authentication off and on again from Settings, then write to us.',
    },
  ]);
}

/** A receipt: what was paid, spent or paid out, line by line, with the processor's reference. */
export function receiptMail(input: {
  name: string;
  subject: string;
  summary: string;
  lines: Array<[label: string, value: string]>;
  note?: string | undefined;
}) {
  return compose(input.subject, input.name, [
    { paragraph: input.summary },
    ...input.lines.map(([label, value]) => ({ paragraph: `${label}: ${value}` })),
    ...(input.note ? [{ paragraph: input.note }] : []),
  ]);
}
