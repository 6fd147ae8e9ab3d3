import { defineConfig } from 'vitest/config';

// The quick tier (`pnpm test:quick`): every package's tests in one run, each with its own
// vitest.config.ts; the script leaves out *.slow.test.ts, the tests that need a Temporal server,
// a model, a browser or another process. It also runs the files without isolation (--no-isolate):
// importing each file's modules afresh took two thirds of the time; npm test keeps isolating.
export default defineConfig({
  test: { projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'] },
});
