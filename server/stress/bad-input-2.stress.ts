import { badInputOptions, describeBadInputProperties } from '../testing/bad-input';

// The bad-input properties at full strength (`npm run test:stress`, real Postgres): at least
// 1,000 generated requests to every write endpoint, 2,000 to the read routes' query strings and
// parameters, 100 bodies over the limit. server/routes/bad-input.test.ts runs the same
// properties with few runs in every test run; BAD_INPUT_RUNS and BAD_INPUT_SEED override.
// The properties are split in two files (bad-input-1.stress.ts and this one), so that the two
// test workers share them.
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The stress tests run on a real Postgres: set TEST_DATABASE_URL');
}

describeBadInputProperties({
  ...badInputOptions({ requestsPerEndpoint: 1_000, readRequests: 2_000, oversizedBodies: 100 }),
  shard: { index: 1, count: 2 },
});
