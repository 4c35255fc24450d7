import { CARD_BRAND_NAMES, type SavedCard } from '@shared/schema/payments';

/** 'Visa', 'Mastercard', … as a person reads the network. */
export const brandName = (card: Pick<SavedCard, 'brand'>) =>
  CARD_BRAND_NAMES[card.brand] ?? CARD_BRAND_NAMES.card ?? 'Card';

/** 'Visa ending 4242': how a card is named to a screen reader and in messages. */
export const cardName = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${brandName(card)} ending ${card.last4}`;

/** The expiry as printed on the card: MM/YY. */
export const cardExpiry = (card: Pick<SavedCard, 'expMonth' | 'expYear'>) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;
