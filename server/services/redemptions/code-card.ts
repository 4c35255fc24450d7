import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { brandDisplayName, type GiftCardStatus } from '@shared/constants';
import {
  GIFT_CARD_MESSAGES,
  REDEMPTION_MESSAGES,
  type RedemptionStore,
} from '@shared/schema/gift-cards';
import { giftCards, redemptionCodes } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { users } from '@shared/tables/users';
import { type Executor, type Transaction } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { type LedgerAccount } from '../ledger/accounts';
import { brandStoresSql, businessOffersBrand, offersBrandSql } from './business-brands';

/** A counter code with the card it spends, read at one moment of the database's clock. */
export type CodeCard = {
  code: string;
  codeExpiresAt: Date;
  codeExpired: boolean;
  usedAt: Date | null;
  /** Whose screen showed it: a card given away since then no longer answers to it. */
  codeOwnerId: number;
  card: {
    id: number;
    ownerId: number;
    ownerName: string;
    brandId: string;
    status: GiftCardStatus;
    expiresAt: Date;
    expired: boolean;
    promotional: boolean;
    /** The business whose pin issued it, if one did. */
    issuerId: number | null;
    /** That business's name, to tell another counter where the card can be used. */
    issuerName: string | null;
    account: LedgerAccount & { balanceCents: number };
  };
};

const columns = {
  code: redemptionCodes.code,
  codeExpiresAt: redemptionCodes.expiresAt,
  codeExpired: sql<boolean>`${redemptionCodes.expiresAt} <= now()`,
  usedAt: redemptionCodes.usedAt,
  codeOwnerId: redemptionCodes.ownerId,
  cardId: giftCards.id,
  ownerId: giftCards.ownerId,
  ownerName: users.name,
  brandId: giftCards.brandId,
  status: giftCards.status,
  expiresAt: giftCards.expiresAt,
  expired: sql<boolean>`${giftCards.expiresAt} <= now()`,
  pinId: giftCards.pinId,
  issuerId: giftCards.businessId,
  issuerName: sql<
    string | null
  >`(select issuer.name from users issuer where issuer.id = ${giftCards.businessId})`,
  accountId: ledgerAccounts.id,
  accountKind: ledgerAccounts.kind,
  balanceCents: ledgerAccounts.balanceCents,
};

type Row = Awaited<ReturnType<typeof selectCodeCard<Record<never, never>>>>[number];

function toCodeCard(row: Row): CodeCard {
  return {
    code: row.code,
    codeExpiresAt: row.codeExpiresAt,
    codeExpired: row.codeExpired,
    usedAt: row.usedAt,
    codeOwnerId: row.codeOwnerId,
    card: {
      id: row.cardId,
      ownerId: row.ownerId,
      ownerName: row.ownerName,
      brandId: row.brandId,
      status: row.status,
      expiresAt: row.expiresAt,
      expired: row.expired,
      promotional: row.pinId !== null,
      issuerId: row.issuerId,
      issuerName: row.issuerName,
      account: { id: row.accountId, kind: row.accountKind, balanceCents: row.balanceCents },
    },
  };
}

/** The code's row joined to its card, holder and card account; `extra` columns beside them. */
const selectCodeCard = <Extra extends Record<string, SQL> = Record<never, never>>(
  db: Executor,
  code: string | Placeholder,
  extra: Extra = {} as Extra,
) =>
  db
    .select({ ...columns, ...extra })
    .from(redemptionCodes)
    .innerJoin(giftCards, eq(giftCards.id, redemptionCodes.giftCardId))
    .innerJoin(users, eq(users.id, giftCards.ownerId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
    .where(eq(redemptionCodes.code, code));

// Prepared: every lookup at a counter is this one statement (after the allowance of misses): the
// code's card, whether the business offers its brand and the business's stores of that brand.
const codeCardAtCounter = preparedStatement('redemption_code_at_counter', (db: Executor) => {
  const businessId = sql`${sql.placeholder('businessId')}::int`;
  return selectCodeCard(db, sql.placeholder('code'), {
    offersBrand: sql<boolean>`${offersBrandSql(businessId, sql`${giftCards.brandId}`)}`,
    stores: sql<RedemptionStore[]>`${brandStoresSql(businessId, sql`${giftCards.brandId}`)}`,
  });
});

/**
 * What a counter's lookup shows, in one statement: the code and its card, refused as
 * `assertRedeemable` refuses (404, 410, then 403), and the business's stores of the card's brand.
 */
export async function findRedeemableAtCounter(
  db: Executor,
  code: string,
  businessId: number,
): Promise<{ found: CodeCard; stores: RedemptionStore[] }> {
  const [row] = await codeCardAtCounter(db, 'all').execute({ code, businessId });
  if (!row) throw notFound(REDEMPTION_MESSAGES.notFound);
  const found = toCodeCard(row);
  assertUsable(found);
  assertAcceptedHere(found, businessId, row.offersBrand);
  return { found, stores: row.stores };
}

/**
 * The code and its card, both rows locked for this transaction: the card first, then the code, in
 * the order every writer of a card takes them (a new code is made under the card's lock), so two
 * counters spending one card, or one code, run one after the other.
 */
export async function lockCodeCard(tx: Transaction, code: string): Promise<CodeCard> {
  const [target] = await tx
    .select({ cardId: redemptionCodes.giftCardId })
    .from(redemptionCodes)
    .where(eq(redemptionCodes.code, code));
  if (!target) throw notFound(REDEMPTION_MESSAGES.notFound);
  await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(eq(giftCards.id, target.cardId))
    .for('update');
  const [row] = await selectCodeCard(tx, code).for('update', { of: redemptionCodes });
  if (!row) throw notFound(REDEMPTION_MESSAGES.notFound);
  return toCodeCard(row);
}

/**
 * Refuses a code that cannot spend its card now (410: used, expired, the card given away since,
 * the card spent, expired or withdrawn), then a counter that may not take it (403): a promotional
 * card anywhere but at the business whose pin funded it, a paid card at a business that does not
 * offer its brand. Checked in this order, so a business of another brand learns nothing about a
 * dead code beyond its being dead. Called on the card read under its row lock, in the spend's
 * transaction, so the refusal holds whatever runs at the same time.
 */
export async function assertRedeemable(
  db: Executor,
  found: CodeCard,
  businessId: number,
): Promise<void> {
  assertUsable(found);
  // A promotional card's issuer offers its brand (it pinned it): only a paid card needs the look.
  const offers =
    found.card.promotional || (await businessOffersBrand(db, businessId, found.card.brandId));
  assertAcceptedHere(found, businessId, offers);
}

/**
 * Promotional value is the issuing business's money, given to be spent at its own counters: any
 * other business, even one that accepts the brand, would be paid out of that business's
 * promotion. A card bought with money is spent at any business that offers its brand.
 */
function assertAcceptedHere(found: CodeCard, businessId: number, offersBrand: boolean): void {
  const { card } = found;
  if (card.promotional) {
    if (card.issuerId !== businessId) {
      throw forbidden(
        REDEMPTION_MESSAGES.promotionElsewhere(card.issuerName ?? 'another business'),
      );
    }
    return;
  }
  if (!offersBrand) throw otherBrand(card.brandId);
}

/** The 410s of `assertRedeemable`: whether the code can spend its card now, whoever asks. */
function assertUsable(found: CodeCard): void {
  if (found.usedAt) throw new AppError('GONE', REDEMPTION_MESSAGES.used);
  if (found.codeExpired || found.codeOwnerId !== found.card.ownerId) {
    throw new AppError('GONE', REDEMPTION_MESSAGES.expired);
  }
  const { card } = found;
  if (card.status === 'redeemed') throw new AppError('GONE', GIFT_CARD_MESSAGES.used);
  if (card.status === 'expired' || card.expired) {
    throw new AppError('GONE', GIFT_CARD_MESSAGES.expired);
  }
  if (card.status !== 'active') throw new AppError('GONE', GIFT_CARD_MESSAGES.unavailable);
}

const otherBrand = (brandId: string) =>
  new AppError('FORBIDDEN', REDEMPTION_MESSAGES.otherBrand(brandDisplayName(brandId)), {
    answerCode: 'BRAND_NOT_ACCEPTED',
  });
