import { badInputOptions, describeBadInputProperties } from '../testing/bad-input';

// In every run (PGlite, and Postgres with TEST_DATABASE_URL): the bad-input
// properties with few runs each. `npm run test:stress` runs them by the thousand
// (server/stress/bad-input-1.stress.ts and -2); BAD_INPUT_RUNS and BAD_INPUT_SEED override.
describeBadInputProperties(
  badInputOptions({ requestsPerEndpoint: 60, readRequests: 100, oversizedBodies: 10 }),
);
