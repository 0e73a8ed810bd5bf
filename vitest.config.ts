import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples import the package by name; tests run them against the source.
    alias: [
      { find: /^@adk-ts\/adk\/testing\/suites$/, replacement: source('testing/suites.ts') },
      { find: /^@adk-ts\/adk\/testing$/, replacement: source('testing/index.ts') },
      { find: /^@adk-ts\/adk\/server$/, replacement: source('server/index.ts') },
      { find: /^@adk-ts\/adk\/a2a$/, replacement: source('a2a-entry.ts') },
      { find: /^@adk-ts\/adk$/, replacement: source('index.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    sequence: { shuffle: true },
    // Fails any test that leaves a key on Object/Array/Function.prototype.
    setupFiles: ['./test/setup/prototype-guard.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 30_000,
  },
});
