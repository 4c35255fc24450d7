import { brandDisplayName, type GiftCardActivityKind, type UserType } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import { type GiftCardActivity } from '@shared/schema/gift-cards';
import { formatShortDate } from '@shared/format';

/** Who reads a card's history: its holder, or a business that issued or redeemed it. */
export type HistoryViewer = { id: number; type: UserType };

/** One event of a card's history with the names it mentions, as the history query reads it. */
export type CardActivityRow = {
  /** 0 for the issue of a card older than its history, read from the card itself. */
  id: number;
  card_id: number;
  kind: GiftCardActivityKind;
  amount_cents: number | string;
  balance_after_cents: number | string;
  actor_id: number | null;
  actor_name: string;
  recipient_id: number | null;
  recipient_name: string | null;
  business_name: string | null;
  store_name: string | null;
  store_brand: string | null;
  message: string;
  /** Who held the card when the event happened (see the history query). */
  holder_id: number | null;
  /** A reissued card's new expiry. */
  reissued_until: Date | string | null;
  created_at: Date | string;
};

/** 'Received from Ava: "Happy birthday!"': what a person wrote, quoted after the sentence. */
export function withMessage(sentence: string, message: string | null | undefined): string {
  const text = message?.trim();
  return text ? `${sentence}: "${text}"` : sentence;
}

/** Where value was spent or a pin issued a card: 'Starbucks – Boylston & Mass Ave'. */
export function placeOf(row: {
  store_name: string | null;
  store_brand: string | null;
  business_name: string | null;
}): string | null {
  if (row.store_name) {
    return row.store_brand
      ? `${brandDisplayName(row.store_brand)} – ${row.store_name}`
      : row.store_name;
  }
  return row.business_name;
}

/** 'Spent $4.50 at Starbucks – Main St' (the wallet's line for a spend says the same). */
export function spentSentence(amountCents: number, place: string | null): string {
  const amount = formatDollars(amountCents);
  return place ? `Spent ${amount} at ${place}` : `Spent ${amount}`;
}

/**
 * The event as a sentence worded for its reader. A holder reads names of the people who gave
 * them the card and the messages they wrote; of what happened between other consumers they learn
 * only that it happened (a card given on, a spend before it came to them). A business reads the
 * card's life as a merchant needs it: issues, spends with the place, expiry and refunds, and for
 * every gift between consumers only 'Given to another person', never a name or a message.
 */
function describe(row: CardActivityRow, viewer: HistoryViewer): string {
  const amountCents = Number(row.amount_cents);
  const holderReads = viewer.type === 'consumer';
  const toViewer = holderReads && row.recipient_id === viewer.id;
  const byViewer = holderReads && row.actor_id === viewer.id;
  const actor = row.actor_name.trim();
  switch (row.kind) {
    case 'issued': {
      if (row.business_name) {
        const place = placeOf({ ...row, business_name: null });
        return place
          ? `Issued by ${row.business_name} at ${place}`
          : `Issued by ${row.business_name}`;
      }
      if (toViewer)
        return withMessage(actor ? `Bought for you by ${actor}` : 'Bought for you', row.message);
      if (byViewer && row.recipient_name) return `Bought by you for ${row.recipient_name}`;
      return 'Bought as a gift';
    }
    case 'transferred':
      if (toViewer) return withMessage(`Received from ${actor || 'someone'}`, row.message);
      if (byViewer && row.recipient_name) return `Given to ${row.recipient_name}`;
      return 'Given to another person';
    case 'spent':
      if (holderReads && row.holder_id !== viewer.id) {
        return `Spent ${formatDollars(amountCents)} before the card came to you`;
      }
      return spentSentence(amountCents, placeOf(row));
    case 'expired':
      return 'Expired';
    case 'refunded':
      return row.business_name
        ? `Returned ${formatDollars(amountCents)} to ${row.business_name}`
        : `Returned ${formatDollars(amountCents)}`;
    case 'reissued':
      return row.reissued_until
        ? `Reissued until ${formatShortDate(new Date(row.reissued_until), 'utc')}`
        : 'Reissued';
  }
}

export function toGiftCardActivity(row: CardActivityRow, viewer: HistoryViewer): GiftCardActivity {
  return {
    id: row.id === 0 ? `c${row.card_id}` : `a${row.id}`,
    kind: row.kind,
    date: new Date(row.created_at).toISOString(),
    amount: centsToDollars(Number(row.amount_cents)),
    balanceAfter: centsToDollars(Number(row.balance_after_cents)),
    description: describe(row, viewer),
  };
}
