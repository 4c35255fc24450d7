import { BRAND_IDS } from '@shared/constants';
import { AppError } from '../../lib/errors';

const KNOWN_BRANDS: ReadonlySet<string> = new Set(BRAND_IDS);

/**
 * A 400 naming the brand when it is not one of ours (an unknown brand is bad input, not a 404).
 * The brands table is seeded from the same constant at start, so no query is needed.
 */
export function requireKnownBrand(brand: string): void {
  if (!KNOWN_BRANDS.has(brand)) {
    const message = `Unknown brand: ${brand}`;
    throw new AppError('VALIDATION', message, { errors: { brand: message } });
  }
}
