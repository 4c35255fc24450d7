import { inArray } from 'drizzle-orm';
import { brands } from '@shared/tables/brands';
import { identifiers } from '@shared/tables/identifiers';
import { type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';

const unknownOnes = (field: string, label: string, unknown: Array<string | number>) => {
  const message = `Unknown ${label}: ${unknown.join(', ')}`;
  return new AppError('VALIDATION', message, { errors: { [field]: message } });
};

/** Refuses (400, on `brands`) brand ids the catalogue does not have. */
export async function requireKnownBrands(db: Executor, brandIds: string[]): Promise<void> {
  if (brandIds.length === 0) return;
  const known = await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, brandIds));
  const unknown = brandIds.filter((id) => !known.some((row) => row.id === id));
  if (unknown.length > 0) throw unknownOnes('brands', 'brand', unknown);
}

/** Refuses (400, on `identifiers`) identifier ids the catalogue does not have. */
export async function requireKnownIdentifiers(
  db: Executor,
  identifierIds: number[],
): Promise<void> {
  if (identifierIds.length === 0) return;
  const known = await db
    .select({ id: identifiers.id })
    .from(identifiers)
    .where(inArray(identifiers.id, identifierIds));
  const unknown = identifierIds.filter((id) => !known.some((row) => row.id === id));
  if (unknown.length > 0) throw unknownOnes('identifiers', 'identifier', unknown);
}
