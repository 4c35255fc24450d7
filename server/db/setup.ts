import path from 'node:path';
import { type Config } from '../config';
import { createDatabase, type DatabaseHandle } from './client';
import { seedReferenceData } from './reference-data';
import { seedStoreCatalogue } from './store-catalogue';

/** Opens the configured database, applies the migrations and seeds the reference data and the store catalogue. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDirectory: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
  await database.migrate();
  await seedReferenceData(database.db);
  await seedStoreCatalogue(database.db);
  return database;
}
