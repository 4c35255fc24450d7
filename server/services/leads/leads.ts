import { and, asc, desc, eq, gt, ilike, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import { type LeadStatus } from '@shared/constants';
import { LEAD_MESSAGES, type Lead, type leadInputSchema } from '@shared/schema/notifications';
import { leads } from '@shared/tables/notifications';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { preparedQuery, preparedStatement } from '../../db/prepared';
import { notFound } from '../../lib/errors';
import { type Page } from '../../lib/list-answer';

type LeadData = z.output<typeof leadInputSchema>;

const leadColumns = {
  id: leads.id,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  status: leads.status,
  source: leads.source,
  notes: leads.notes,
  lastContacted: leads.lastContacted,
  createdAt: leads.createdAt,
};

type LeadRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  source: string;
  notes: string;
  lastContacted: Date | null;
  createdAt: Date;
};

const toLead = (row: LeadRow): Lead => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status,
  source: row.source,
  notes: row.notes,
  last_contacted: row.lastContacted ? new Date(row.lastContacted).toISOString() : null,
  created_at: new Date(row.createdAt).toISOString(),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function leadFilter(
  businessId: number | SQLWrapper,
  pattern: string | SQLWrapper | null,
  status: LeadStatus | SQLWrapper | undefined,
) {
  return and(
    eq(leads.businessId, businessId),
    status ? eq(leads.status, status) : undefined,
    pattern
      ? or(
          ilike(leads.name, pattern),
          ilike(leads.email, pattern),
          ilike(leads.phone, pattern),
          ilike(leads.source, pattern),
          ilike(leads.notes, pattern),
        )
      : undefined,
  );
}

const searchPattern = (search: string | undefined) => (search ? `%${escapeLike(search)}%` : null);

type LeadPageVariant = `${'search' | 'all'}_${LeadStatus | 'any'}`;

// The page with its total, built once per shape of filter: one pass over the business's matching
// leads numbers them newest first and counts them (window functions), and the page is a range of
// those numbers. Written as a range rather than LIMIT/OFFSET parameters so that Postgres keeps one
// generic plan: with LIMIT/OFFSET parameters and the search patterns it planned every execution
// again (estimating five ILIKEs against the column statistics cost more than the read itself).
const leadsPage = preparedStatement('leads_page', (db: Database, variant: LeadPageVariant) => {
  const [search, status] = variant.split('_');
  const where = leadFilter(
    sql.placeholder('businessId'),
    search === 'search' ? sql.placeholder('pattern') : null,
    status === 'any' ? undefined : sql.placeholder('status'),
  );
  const numbered = db
    .select({
      ...leadColumns,
      position: sql<number>`row_number() over (order by ${leads.createdAt} desc, ${leads.id} desc)`
        .mapWith(Number)
        .as('position'),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(leads)
    .where(where)
    .as('numbered');
  return db
    .select()
    .from(numbered)
    .where(
      and(
        gt(numbered.position, sql.placeholder('after')),
        lte(numbered.position, sql.placeholder('through')),
      ),
    )
    .orderBy(asc(numbered.position));
});

/**
 * A claim makes the consumer a lead of the pin's business: created as New the first
 * time, its name, e-mail and source refreshed on later claims (the status the business set
 * stays). Answers the lead's id.
 *
 * The phone is the consumer's to give: it is written only when this claim agrees to share it (and
 * the consumer has one). A claim that does not agree leaves the lead's phone as it was: it never
 * adds a number that was not agreed, nor erases one an earlier claim agreed to (or the business
 * typed in itself); the business already holds that number, and taking it back is not what
 * declining to share it again says.
 */
export async function upsertLeadFromClaim(
  tx: Executor,
  input: {
    businessId: number;
    consumer: { id: number; name: string; email: string; phone: string | null };
    sharePhone: boolean;
    source: string;
  },
): Promise<number> {
  const sharedPhone = input.sharePhone && input.consumer.phone ? input.consumer.phone : null;
  const [lead] = await claimLead(tx, sharedPhone === null ? 'phone_kept' : 'phone_shared', {
    businessId: input.businessId,
    consumerId: input.consumer.id,
    name: input.consumer.name,
    email: input.consumer.email,
    phone: sharedPhone ?? '',
    source: input.source,
  });
  if (!lead) throw new Error('Lead was not recorded');
  return lead.id;
}

/** upsertLeadFromClaim's statement, prepared: a claim writes it inside its transaction. */
const claimLead = preparedQuery<{ id: number }, 'phone_shared' | 'phone_kept'>(
  'claim_lead',
  (variant) => {
    const value = (name: string) => sql.placeholder(name);
    return sql`insert into ${leads} (business_id, consumer_id, name, email, phone, source)
      values (${value('businessId')}::integer, ${value('consumerId')}::integer,
        ${value('name')}::text, ${value('email')}::text, ${value('phone')}::text,
        ${value('source')}::text)
      on conflict (business_id, consumer_id) where consumer_id is not null do update
        set name = excluded.name, email = excluded.email,
          ${variant === 'phone_shared' ? sql`phone = excluded.phone,` : sql``}
          source = excluded.source, updated_at = now()
      returning id`;
  },
);

export async function listLeads(
  db: Database,
  businessId: number,
  query: {
    search?: string | undefined;
    status?: LeadStatus | undefined;
    page: number;
    limit: number;
  },
): Promise<Page<Lead>> {
  const pattern = searchPattern(query.search);
  const rows = await leadsPage(
    db,
    `${pattern ? 'search' : 'all'}_${query.status ?? 'any'}`,
  ).execute({
    businessId,
    pattern,
    status: query.status,
    after: (query.page - 1) * query.limit,
    through: query.page * query.limit,
  });
  const total =
    rows[0]?.total ??
    (query.page === 1 ? 0 : await db.$count(leads, leadFilter(businessId, pattern, query.status)));
  return { items: rows.map(toLead), page: query.page, limit: query.limit, total };
}

const toColumns = (input: Partial<LeadData>) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.email !== undefined && { email: input.email }),
  ...(input.phone !== undefined && { phone: input.phone }),
  ...(input.status !== undefined && { status: input.status }),
  ...(input.source !== undefined && { source: input.source }),
  ...(input.notes !== undefined && { notes: input.notes }),
  ...(input.lastContacted !== undefined && {
    lastContacted: input.lastContacted ? new Date(input.lastContacted) : null,
  }),
});

export async function createLead(db: Database, businessId: number, input: LeadData): Promise<Lead> {
  const [row] = await db
    .insert(leads)
    .values({ businessId, name: input.name, ...toColumns(input) })
    .returning(leadColumns);
  if (!row) throw new Error('Lead was not created');
  return toLead(row);
}

/** Own leads only: another business's lead answers 404. */
export async function updateLead(
  db: Database,
  businessId: number,
  id: number,
  input: Partial<LeadData>,
): Promise<Lead> {
  const changes = toColumns(input);
  const [row] = await db
    .update(leads)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(leads.id, id), eq(leads.businessId, businessId)))
    .returning(leadColumns);
  if (!row) throw notFound(LEAD_MESSAGES.notFound);
  return toLead(row);
}

export async function deleteLead(db: Database, businessId: number, id: number): Promise<void> {
  const removed = await db
    .delete(leads)
    .where(and(eq(leads.id, id), eq(leads.businessId, businessId)))
    .returning({ id: leads.id });
  if (removed.length === 0) throw notFound(LEAD_MESSAGES.notFound);
}

const EXPORT_MAX = 10_000;

/** The business's leads (with the list's search and status) as CSV rows, newest first. */
export async function exportLeads(
  db: Database,
  businessId: number,
  query: { search?: string | undefined; status?: LeadStatus | undefined },
): Promise<Lead[]> {
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .where(leadFilter(businessId, searchPattern(query.search), query.status))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(EXPORT_MAX);
  return rows.map(toLead);
}
