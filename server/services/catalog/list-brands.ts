import { asc } from 'drizzle-orm';
import { type Brand } from '@shared/schema/brands';
import { brands } from '@shared/tables/brands';
import { type Database } from '../../db/client';

export async function listBrands(db: Database): Promise<Brand[]> {
  return db
    .select({ id: brands.id, name: brands.name, logo: brands.logo })
    .from(brands)
    .orderBy(asc(brands.name));
}
