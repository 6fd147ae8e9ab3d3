import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under this condition, so tests run
// against the current source of every package without building it first. Only the
// conditions for inlined (workspace) code change: node_modules keep Node's own resolution.
const conditions = ['@groundplan/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
