import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = path.resolve(import.meta.dirname, 'client/src/features');
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir)
      .filter((name) => fs.statSync(path.join(featuresDir, name)).isDirectory())
  : [];

// Import boundaries, so each part can change without breaking another: features never import
// each other; shared code never imports features or the app; the client and the server never
// import each other; routes never touch the db.
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other: compose them in a page, or move what two features use to client/src/api (queries, mutations), client/src/components (UI) or client/src/lib (other helpers).',
  })),
  {
    target: [
      './client/src/lib',
      './client/src/components',
      './client/src/api',
      './client/src/testing',
    ],
    from: ['./client/src/features', './client/src/app.tsx'],
    message: 'Shared client code does not depend on features or the app.',
  },
  { target: './client', from: './server', message: 'The client never imports server code.' },
  { target: './server', from: './client', message: 'The server never imports client code.' },
  {
    target: './shared',
    from: ['./client', './server'],
    message: 'shared/ depends on nothing else.',
  },
];
const routeZone = {
  target: './server/routes',
  from: './server/db',
  message: 'Routes are thin: they call services, which own the database.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      'migrations',
      'coverage',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({
          project: './tsconfig.json',
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, routeZone] }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The client never loads drizzle: it imports the zod contracts in shared/schema/, which import
    // nothing from drizzle-orm or the tables in shared/tables/ (those are the server's). The
    // bundle check (npm run check:bundle) tests the built chunks as well.
    files: ['client/**/*.{ts,tsx}', 'shared/schema/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'The client and shared/schema/ never import drizzle.',
            },
            {
              group: ['@shared/tables', '@shared/tables/*', '**/tables', '**/tables/*'],
              message: "Tables are the server's: the client and shared/schema/ never import them.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests beside a route may prepare the database directly.
    files: ['server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    // Client test files share their worker's module cache, where a module replaced by vi.mock
    // would stay replaced for the files after it: a file that mocks a module is named
    // *.isolated.test.tsx and runs on its own (vite.config.ts).
    files: ['client/**/*.test.{ts,tsx}'],
    ignores: ['client/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'A client test that mocks a module is named *.isolated.test.tsx.',
        },
      ],
    },
  },
  {
    files: [
      'server/index.ts',
      'server/lib/logger.ts',
      'scripts/**',
      'server/db/seed-demo-cli.ts',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
