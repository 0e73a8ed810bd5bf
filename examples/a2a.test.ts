import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

describe('examples/a2a runs as documented (docs/a2a.md)', () => {
  it('serves the prime checker with toA2a and answers the SDK client, sent and streamed', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/a2a/main.ts'], {
      cwd: root,
      timeout: 30_000,
    });
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      'card: check_prime_agent, skills: check_prime_agent, check_prime_agent-check_prime',
      'send: state 3, answer: 7 is prime.',
      'stream: task -> status 2 -> status 2 -> status 2 -> status 2 -> artifact "13 is prime." -> status 3',
      'server closed',
    ]);
  });
});
