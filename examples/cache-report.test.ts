import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

describe('examples/cache-report (spec 004 §6 CachePerformanceAnalyzer, docs/context-management.md)', () => {
  it('prints the figures of the three documented turns', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'examples/cache-report/main.ts'],
      { cwd: root, timeout: 30_000 },
    );
    // 8192 of 13200 prompt tokens = 62.06 %; 2 of 3 responses had cached tokens.
    expect(stdout.split('\n')).toEqual([
      'Cache hit ratio: 62.1%',
      'Cache utilization ratio: 66.7%',
      'Tokens served from cache: 8192 of 13200',
      'Caches created: 1, latest projects/p/locations/us-central1/cachedContents/abc123',
      '  e-1: 0/4200 cached',
      '  e-2: 4096/4400 cached (new cache)',
      '  e-3: 4096/4600 cached',
      '',
    ]);
  });
});
