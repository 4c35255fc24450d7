import { eq, ne, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type BusinessDashboardStats, pins } from '@shared/schema/pins';
import { type Executor } from '../../db/client';

/**
 * Active pins, the value of their remaining cards, and the business's rank among businesses by
 * value issued (value × quantity of every pin it did not cancel).
 */
export async function getDashboardStats(
  db: Executor,
  businessId: number,
): Promise<BusinessDashboardStats> {
  const [mine] = await db
    .select({
      activePins: sql<string>`count(*) filter (where ${pins.status} = 'active')`,
      remainingCents: sql<string>`coalesce(sum(${pins.valueCents}::bigint * ${pins.remaining}) filter (where ${pins.status} = 'active'), 0)`,
      issuedPins: sql<string>`count(*) filter (where ${pins.status} <> 'cancelled')`,
      issuedCents: sql<string>`coalesce(sum(${pins.valueCents}::bigint * ${pins.quantity}) filter (where ${pins.status} <> 'cancelled'), 0)`,
    })
    .from(pins)
    .where(eq(pins.businessId, businessId));

  const issued = db
    .select({ value: sql<string>`sum(${pins.valueCents}::bigint * ${pins.quantity})`.as('value') })
    .from(pins)
    .where(ne(pins.status, 'cancelled'))
    .groupBy(pins.businessId)
    .as('issued');
  const issuedCents = Number(mine?.issuedCents ?? 0);
  const [ranking] = await db
    .select({
      ahead: sql<string>`count(*) filter (where ${issued.value} > ${issuedCents})`,
      ranked: sql<string>`count(*)`,
    })
    .from(issued);

  return {
    activePins: Number(mine?.activePins ?? 0),
    totalValue: centsToDollars(Number(mine?.remainingCents ?? 0)),
    rank: Number(mine?.issuedPins ?? 0) > 0 ? Number(ranking?.ahead ?? 0) + 1 : null,
    rankedBusinesses: Number(ranking?.ranked ?? 0),
  };
}
