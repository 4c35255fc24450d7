// `npm run seed:demo`: loads the demo accounts into the configured database (embedded or DATABASE_URL).
import { loadConfig } from '../config';
import { DEMO_PASSWORD, listDemoSignIns, seedDemoData } from './demo-data';
import { openDatabase } from './setup';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const created = await seedDemoData(database.db);
  console.log(`Demo data: ${created} account(s) created.`);
  for (const account of await listDemoSignIns(database.db)) {
    console.log(`  ${account.type.padEnd(8)} ${account.username} / ${DEMO_PASSWORD}`);
  }
} finally {
  await database.close();
}
