import { eq } from 'drizzle-orm';
import { brands } from '@shared/schema/brands';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';

/** A 400 naming the brand when it is not one of ours (an unknown brand is bad input, not a 404). */
export async function requireKnownBrand(db: Database, brand: string): Promise<void> {
  const [found] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brand));
  if (!found) {
    const message = `Unknown brand: ${brand}`;
    throw new AppError('VALIDATION', message, { errors: { brand: message } });
  }
}
