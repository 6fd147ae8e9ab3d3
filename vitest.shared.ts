import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under this condition, so tests
// run against the current source of every package without building it first.
const conditions = ['@groundplan/source', 'node', 'import', 'module', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
