import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'test/**/*.test.ts'],
    sequence: { shuffle: true },
    reporters: ['default'],
    testTimeout: 20_000,
  },
});
