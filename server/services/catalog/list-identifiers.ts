import { asc } from 'drizzle-orm';
import { type Identifier } from '@shared/schema/identifiers';
import { identifiers } from '@shared/tables/identifiers';
import { type Database } from '../../db/client';

export async function listIdentifiers(db: Database): Promise<Identifier[]> {
  return db
    .select({
      id: identifiers.id,
      name: identifiers.name,
      category: identifiers.category,
      description: identifiers.description,
      icon: identifiers.icon,
    })
    .from(identifiers)
    .orderBy(asc(identifiers.category), asc(identifiers.name));
}
