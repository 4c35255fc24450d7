import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_LINKS } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { users } from '@shared/tables/users';
import { type Database } from '../db/client';
import { issueAccountToken } from '../services/accounts/account-tokens';
import {
  type CardExpiringLetter,
  findExpiringCard,
} from '../services/gift-cards/remind-expiring-cards';
import { guestName } from '../services/gift-cards/guest-name';
import { findReceipt, type Receipt } from '../services/payments/find-receipt';
import {
  cardExpiringMail,
  receiptMail,
  emailChangeMail,
  type MailContent,
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  payoutAccountChangedMail,
} from './templates';

/**
 * What the mail job is asked to send. A letter names its reader, never its words or its link:
 * a link's token is made when the mail is sent, so no token is ever stored in the job table.
 */
export type Letter =
  | { kind: 'password-reset'; userId: number }
  | { kind: 'email-change'; userId: number; newEmail: string }
  | { kind: 'password-changed'; userId: number }
  /** To the address a sign-in e-mail moved away from. */
  | { kind: 'email-changed'; userId: number; oldEmail: string }
  | CardExpiringLetter
  /** The receipt of a ledger movement (a payment, a payout, a spend), to the account's e-mail. */
  | { kind: 'receipt'; userId: number; transactionId: number }
  /** A guest's receipt: the guest has no account, only the e-mail they paid with. */
  | { kind: 'guest-receipt'; email: string; transactionId: number }
  /** Where a business's payouts go was set or removed. */
  | {
      kind: 'payout-account-changed';
      userId: number;
      change: 'saved' | 'removed';
      accountLast4: string;
    };

export type ComposedLetter = MailContent & { to: string };

/** Where a card reminder leads: the wallet, opened on the card. */
const WALLET_PATH = '/wallet';
/** Where the payout notice leads: the wallet's Payment Settings. */
const PAYMENT_SETTINGS_PATH = '/wallet/payment-settings';

// The day a card expires, as the letter writes it; cards expire at a moment in UTC.
const expiryDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const link = (publicUrl: string, pathname: string, token: string) =>
  `${publicUrl}${pathname}?token=${encodeURIComponent(token)}`;

const receiptDate = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const RECEIPT_SUBJECTS: Partial<Record<Receipt['kind'], string>> = {
  guest_gift: 'Your mark.it gift card receipt',
  gift_purchase: 'Your mark.it gift card receipt',
  add_funds: 'Your mark.it top-up receipt',
  withdraw: 'Your mark.it payout',
  redeem: 'You used your gift card',
};

/** A receipt's words: what happened, the amount, the card and the processor's reference. */
function describeReceipt(receipt: Receipt, name: string) {
  const card = receipt.card;
  const lines: Array<[string, string]> = [
    ['Amount', formatDollars(receipt.amountCents)],
    ['Date', `${receiptDate.format(receipt.date)} UTC`],
  ];
  if (card) {
    lines.push(['Gift card', `${card.brandName}${card.promotional ? ' (Promotional)' : ''}`]);
    if (card.recipientName) lines.push(['Sent to', card.recipientName]);
    if (card.businessName) {
      lines.push([
        'Where',
        card.storeName ? `${card.businessName}, ${card.storeName}` : card.businessName,
      ]);
    }
    if (receipt.kind === 'redeem')
      lines.push(['Balance left', formatDollars(card.balanceAfterCents)]);
  }
  if (receipt.reference) lines.push(['Reference', receipt.reference]);
  return {
    name,
    subject: RECEIPT_SUBJECTS[receipt.kind] ?? 'Your mark.it receipt',
    summary: receipt.description,
    lines,
    note: card?.promotional
      ? 'Promotional card: it expires on the date its business set, and was not paid for with money.'
      : undefined,
  };
}

/** The letter's message, or null when there is no one to send it to (the account is gone). */
export async function composeLetter(
  db: Database,
  publicUrl: string,
  letter: Letter,
): Promise<ComposedLetter | null> {
  if (letter.kind === 'guest-receipt') {
    const receipt = await findReceipt(db, letter.transactionId);
    return receipt
      ? { to: letter.email, ...receiptMail(describeReceipt(receipt, guestName(letter.email))) }
      : null;
  }
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, letter.userId), isNull(users.deletedAt)));
  if (!user) return null;
  switch (letter.kind) {
    case 'password-reset': {
      const token = await issueAccountToken(db, {
        userId: letter.userId,
        purpose: 'password_reset',
      });
      return {
        to: user.email,
        ...passwordResetMail({
          name: user.name,
          link: link(publicUrl, ACCOUNT_LINKS.resetPasswordPath, token),
          minutes: ACCOUNT_LINKS.validMinutes,
        }),
      };
    }
    case 'email-change': {
      const token = await issueAccountToken(db, {
        userId: letter.userId,
        purpose: 'email_change',
        newEmail: letter.newEmail,
      });
      return {
        to: letter.newEmail,
        ...emailChangeMail({
          name: user.name,
          link: link(publicUrl, ACCOUNT_LINKS.confirmEmailPath, token),
          minutes: ACCOUNT_LINKS.validMinutes,
        }),
      };
    }
    case 'email-changed':
      return {
        to: letter.oldEmail,
        ...emailChangedMail({ name: user.name, newEmail: user.email }),
      };
    case 'password-changed':
      return { to: user.email, ...passwordChangedMail({ name: user.name }) };
    case 'payout-account-changed':
      return {
        to: user.email,
        ...payoutAccountChangedMail({
          name: user.name,
          change: letter.change,
          accountLast4: letter.accountLast4,
          link: `${publicUrl}${PAYMENT_SETTINGS_PATH}`,
        }),
      };
    case 'receipt': {
      const receipt = await findReceipt(db, letter.transactionId);
      return receipt
        ? { to: user.email, ...receiptMail(describeReceipt(receipt, user.name)) }
        : null;
    }
    case 'card-expiring': {
      const card = await findExpiringCard(db, letter.giftCardId, letter.userId);
      if (!card) return null;
      return {
        to: user.email,
        ...cardExpiringMail({
          name: user.name,
          brandName: card.brandName,
          balance: formatDollars(card.balanceCents),
          expiresOn: expiryDate.format(card.expiresAt),
          link: `${publicUrl}${WALLET_PATH}?card=${card.id}`,
        }),
      };
    }
  }
}
