import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the app applies them at start
// on both the embedded database (PGlite) and a real Postgres.
export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/tables/index.ts',
  out: './migrations',
});
