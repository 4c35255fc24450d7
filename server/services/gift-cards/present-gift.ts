import { aliasedTable, eq } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type GiftTransaction } from '@shared/schema/gift-cards';
import { giftCards, gifts } from '@shared/tables/gift-cards';
import { users } from '@shared/tables/users';

export const recipients = aliasedTable(users, 'recipients');

/** A gift's columns, with the recipient's name and the card's brand (join `recipients`, `giftCards`). */
export const giftColumns = {
  id: gifts.id,
  senderId: gifts.senderId,
  senderName: gifts.senderName,
  recipientId: gifts.recipientId,
  recipientName: recipients.name,
  recipientUsername: recipients.username,
  brandId: giftCards.brandId,
  valueCents: gifts.valueCents,
  message: gifts.message,
  createdAt: gifts.createdAt,
};

export const giftJoins = {
  recipients: eq(recipients.id, gifts.recipientId),
  giftCards: eq(giftCards.id, gifts.giftCardId),
};

type GiftRow = {
  id: number;
  senderId: number | null;
  senderName: string;
  recipientId: number;
  recipientName: string;
  recipientUsername: string;
  brandId: string;
  valueCents: number;
  message: string;
  createdAt: Date;
};

/** A gift transaction as the API answers it, from the point of view of `viewerId`. */
export function toGiftTransaction(row: GiftRow, viewerId: number): GiftTransaction {
  return {
    id: row.id,
    sender_id: row.senderId,
    sender_name: row.senderName,
    recipient_id: row.recipientId,
    recipient_name: row.recipientName,
    recipient_username: row.recipientUsername,
    brand: row.brandId,
    value: centsToDollars(row.valueCents),
    message: row.message,
    direction: row.senderId === viewerId ? 'sent' : 'received',
    created_at: new Date(row.createdAt).toISOString(),
  };
}
