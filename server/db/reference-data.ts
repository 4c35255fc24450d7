import { sql } from 'drizzle-orm';
import { brands, identifiers } from '@shared/tables/index';
import { type Database } from './client';

/** The three brands of the product; logos are keywords the client maps to emoji. */
export const BRAND_ROWS = [
  { id: 'starbucks', name: 'Starbucks', logo: 'coffee' },
  { id: 'dunkin', name: 'Dunkin', logo: 'doughnut' },
  { id: 'walmart', name: 'Walmart', logo: 'cart' },
];

/** Customer segments consumers pick at registration and businesses target with pins. */
export const IDENTIFIER_ROWS = [
  {
    id: 1,
    name: 'Coffee lover',
    category: 'food & drink',
    icon: '☕',
    description: 'Starts every day with a fresh cup',
  },
  {
    id: 2,
    name: 'Tea drinker',
    category: 'food & drink',
    icon: '🍵',
    description: 'Prefers a chai or a green tea',
  },
  {
    id: 3,
    name: 'Sweet tooth',
    category: 'food & drink',
    icon: '🍩',
    description: 'Never says no to a doughnut or a pastry',
  },
  {
    id: 4,
    name: 'Healthy eater',
    category: 'food & drink',
    icon: '🥗',
    description: 'Looks for fresh, balanced options',
  },
  {
    id: 5,
    name: 'Commuter',
    category: 'lifestyle',
    icon: '🚗',
    description: 'Grabs breakfast on the way to work',
  },
  {
    id: 6,
    name: 'Fitness enthusiast',
    category: 'lifestyle',
    icon: '🏋️',
    description: 'Works out and refuels often',
  },
  {
    id: 7,
    name: 'Pet owner',
    category: 'lifestyle',
    icon: '🐾',
    description: 'Shops for a furry friend',
  },
  {
    id: 8,
    name: 'Night owl',
    category: 'lifestyle',
    icon: '🦉',
    description: 'Out and about after dark',
  },
  {
    id: 9,
    name: 'Student',
    category: 'life stage',
    icon: '🎓',
    description: 'Studies hard on a budget',
  },
  {
    id: 10,
    name: 'Young professional',
    category: 'life stage',
    icon: '💼',
    description: 'Early in a career and always busy',
  },
  {
    id: 11,
    name: 'Parent',
    category: 'life stage',
    icon: '👪',
    description: 'Shops for the whole family',
  },
  {
    id: 12,
    name: 'Retiree',
    category: 'life stage',
    icon: '🌴',
    description: 'Has time to enjoy the little things',
  },
  {
    id: 13,
    name: 'Bargain hunter',
    category: 'shopping',
    icon: '🏷️',
    description: 'Loves a good deal',
  },
  {
    id: 14,
    name: 'Bulk shopper',
    category: 'shopping',
    icon: '🛒',
    description: 'Stocks up on the weekly groceries',
  },
  {
    id: 15,
    name: 'Gift giver',
    category: 'shopping',
    icon: '🎁',
    description: 'Always has a present ready',
  },
  {
    id: 16,
    name: 'Tech enthusiast',
    category: 'shopping',
    icon: '💻',
    description: 'Keeps up with the latest gadgets',
  },
];

/** Inserts or refreshes the reference data; safe to run at every start and from several instances. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(brands)
      .values(BRAND_ROWS)
      .onConflictDoUpdate({
        target: brands.id,
        set: { name: sql`excluded.name`, logo: sql`excluded.logo` },
      });
    await tx
      .insert(identifiers)
      .values(IDENTIFIER_ROWS)
      .onConflictDoUpdate({
        target: identifiers.id,
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          description: sql`excluded.description`,
          icon: sql`excluded.icon`,
        },
      });
  });
}
