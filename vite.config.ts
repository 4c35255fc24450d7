import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractFactsOnly } from './scripts/contract-facts-plugin';

const rootDir = import.meta.dirname;

const alias = {
  '@': path.resolve(rootDir, 'client/src'),
  '@shared': path.resolve(rootDir, 'shared'),
};

// With TEST_DATABASE_URL the run is about the database: only the server tests use one, so the
// client's component tests (jsdom, no database) run in the default run only.
const onDatabaseServer = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  root: path.resolve(rootDir, 'client'),
  plugins: [contractFactsOnly(rootDir), react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: path.resolve(rootDir, 'dist/public'),
    emptyOutDir: true,
    // scripts/check-bundle-budget.mjs reads dist/public/.vite/manifest.json to size each route.
    manifest: true,
    rolldownOptions: {
      output: {
        // Left to itself the bundler gives every module that two lazy pages share a chunk of its
        // own: each icon, each small UI part, ~25 files of a few hundred bytes before a guest's
        // page can render, and a phone on a slow network fetches them six at a time.
        codeSplitting: {
          groups: [
            // Every icon the app uses in one chunk (a few kB), loaded with the entry.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // What the entry imports statically, in one file with it instead of six beside it.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // The small parts the pages a guest lands on share with the rest of the app (a card,
            // an alert, a badge, money and dates): one file instead of one each, all a few kB.
            {
              name: 'parts',
              test: /client[\\/]src[\\/](components[\\/]ui[\\/](alert|avatar|badge|card|error-alert|skeleton)\.tsx|lib[\\/]format\.ts)$|shared[\\/]money\.ts$|react-query[\\/]build[\\/]modern[\\/]useMutation|query-core[\\/]build[\\/]modern[\\/]mutationObserver/,
            },
            // The controls (fields, labels, tabs, checkboxes) and the Radix pieces under them, and
            // apart from them react-hook-form with the form parts built on it (pages that only
            // show a field or tabs do not load it): the sign-in page's code was 13 files, most
            // of them under 3 kB, and each is a request a phone on a slow network waits for.
            {
              name: 'controls',
              test: /node_modules[\\/]@radix-ui[\\/]react-(tabs|checkbox|label|slot|roving-focus|collection|presence|primitive|compose-refs|context|id|direction|use-[a-z-]+)[\\/]|client[\\/]src[\\/]components[\\/]ui[\\/](input|label|checkbox|tabs|password-input)\.tsx$/,
            },
            {
              name: 'forms',
              test: /node_modules[\\/]react-hook-form[\\/]|client[\\/]src[\\/]components[\\/]ui[\\/](form|text-field)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Every core (Vitest's default leaves one idle: on CI's two cores, one file at a time).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        root: rootDir,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
          // On the database server the stress run sends the same properties 1,000 times each.
          exclude: onDatabaseServer ? ['server/routes/bad-input.test.ts'] : [],
          // Each API test file builds its own database; give PGlite room to start.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files share a worker's module cache: the server's modules and the embedded
          // database's WebAssembly load once per worker, not once per file (half the time).
          // Each file still builds its own database and app.
          isolate: false,
        },
      },
      // The long-running tests, only in `npm run test:stress`, on the real Postgres:
      // first the bad-input properties, money and bank tests side by side (each loads the
      // machine on purpose, and none times its answers), then the fault tests alone, as they
      // time the server's answers and its exit (2 cores in CI).
      ...(process.env.MARKIT_STRESS
        ? [
            {
              extends: true as const,
              root: rootDir,
              test: {
                name: 'stress',
                environment: 'node' as const,
                include: ['server/stress/**/*.stress.ts'],
                exclude: ['server/stress/faults.stress.ts'],
                sequence: { groupOrder: 1 },
                testTimeout: 180_000,
                hookTimeout: 60_000,
              },
            },
            {
              extends: true as const,
              root: rootDir,
              test: {
                name: 'stress-faults',
                environment: 'node' as const,
                include: ['server/stress/faults.stress.ts'],
                sequence: { groupOrder: 2 },
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(onDatabaseServer
        ? []
        : [
            {
              extends: true as const,
              root: rootDir,
              test: {
                name: 'client',
                environment: 'jsdom' as const,
                include: ['client/src/**/*.test.{ts,tsx}'],
                exclude: ['client/src/**/*.isolated.test.{ts,tsx}'],
                setupFiles: ['client/src/testing/setup.ts'],
                testTimeout: 15_000,
                // The files share a worker's module cache (React, Radix and the app load once,
                // not once per file): less than half the time. Each file still gets a fresh
                // document, and the setup file resets the mock API and the toasts per test.
                isolate: false,
              },
            },
            {
              // A file that replaces a module (vi.mock) gets a module cache of its own.
              extends: true as const,
              root: rootDir,
              test: {
                name: 'client-isolated',
                environment: 'jsdom' as const,
                include: ['client/src/**/*.isolated.test.{ts,tsx}'],
                setupFiles: ['client/src/testing/setup.ts'],
                testTimeout: 15_000,
              },
            },
          ]),
    ],
  },
});
