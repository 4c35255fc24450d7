import { eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type BusinessDashboardStats } from '@shared/schema/pins';
import { businessIssuedTotals, pins } from '@shared/tables/pins';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerTransactions } from '@shared/tables/ledger';
import { type Executor } from '../../db/client';

/**
 * Active pins, the value of the cards still reserved on active and paused pins (a paused pin's
 * cards wait in its reserve until it resumes or ends), and the business's rank among businesses
 * by value issued (value × quantity of every pin it did not cancel).
 */
export async function getDashboardStats(
  db: Executor,
  businessId: number,
): Promise<BusinessDashboardStats> {
  const [mine] = await db
    .select({
      activePins: sql<string>`count(*) filter (where ${pins.status} = 'active')`,
      remainingCents: sql<string>`coalesce(sum(${pins.valueCents}::bigint * ${pins.remaining}) filter (where ${pins.status} in ('active', 'paused')), 0)`,
      pinCount: sql<string>`count(*)`,
      issuedPins: sql<string>`count(*) filter (where ${pins.status} <> 'cancelled')`,
      issuedCents: sql<string>`coalesce(sum(${pins.valueCents}::bigint * ${pins.quantity}) filter (where ${pins.status} <> 'cancelled'), 0)`,
    })
    .from(pins)
    .where(eq(pins.businessId, businessId));

  // Rank among businesses by value issued: a range count on the totals the pin triggers keep.
  const issuedCents = Number(mine?.issuedCents ?? 0);
  const [ranking] = await db
    .select({
      ahead: sql<string>`(select count(*) from ${businessIssuedTotals} where ${businessIssuedTotals.issuedCents} > ${issuedCents})`,
      ranked: sql<string>`(select count(*) from ${businessIssuedTotals})`,
    })
    .from(sql`(select 1) as one`);

  // The first-steps checklist: funds ever added, a pin ever made, a card ever claimed from one.
  const [steps] = await db
    .select({
      fundsAdded: sql<boolean>`exists (select 1 from ${ledgerTransactions}
        where ${ledgerTransactions.userId} = ${businessId} and ${ledgerTransactions.kind} = 'add_funds')`,
      // Cards its pins issued, whoever holds them now (a card given on is no longer 'pin_claim').
      firstClaim: sql<boolean>`exists (select 1 from ${giftCards}
        where ${giftCards.businessId} = ${businessId})`,
    })
    .from(sql`(select 1) as one`);

  return {
    activePins: Number(mine?.activePins ?? 0),
    totalValue: centsToDollars(Number(mine?.remainingCents ?? 0)),
    rank: Number(mine?.issuedPins ?? 0) > 0 ? Number(ranking?.ahead ?? 0) + 1 : null,
    rankedBusinesses: Number(ranking?.ranked ?? 0),
    firstSteps: {
      fundsAdded: steps?.fundsAdded === true,
      pinCreated: Number(mine?.pinCount ?? 0) > 0,
      firstClaim: steps?.firstClaim === true,
    },
  };
}
