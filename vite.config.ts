import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const rootDir = import.meta.dirname;

const alias = {
  '@': path.resolve(rootDir, 'client/src'),
  '@shared': path.resolve(rootDir, 'shared'),
};

export default defineConfig({
  root: path.resolve(rootDir, 'client'),
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: path.resolve(rootDir, 'dist/public'),
    emptyOutDir: true,
  },
  test: {
    projects: [
      {
        extends: true,
        root: rootDir,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
          // Each API test file builds its own database; give PGlite room to start.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        root: rootDir,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          setupFiles: ['client/src/testing/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
