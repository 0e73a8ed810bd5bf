import { execFile, spawn } from 'node:child_process';
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
      'examples: Is 7 prime? | Are 4 and 9 prime?',
      'send: state 3, answer: 7 is prime.',
      'stream: task -> status 2 -> status 2 -> status 2 -> status 2 -> artifact "13 is prime." -> status 3',
      'server closed',
    ]);
  });

  it('push notifications: the task updates reach a webhook through the final state, with its token', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/a2a/push.ts'], {
      cwd: root,
      timeout: 30_000,
    });
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      'card: pushNotifications true',
      'send returned at once: state 1',
      'webhook: task -> status TASK_STATE_WORKING -> status TASK_STATE_WORKING -> status TASK_STATE_WORKING -> status TASK_STATE_WORKING -> artifact "13 is prime." -> status TASK_STATE_COMPLETED',
      'webhook token: my-webhook-token',
      'servers closed',
    ]);
  });

  it('two processes: a root agent calls the served prime checker through RemoteA2aAgent', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'examples/a2a/server.ts', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /A2A prime checker at (\S+)/.exec(output);
          if (found) resolve(found[1]!);
        });
        server.once('exit', (code) => reject(new Error(`server.ts exited (${code}): ${output}`)));
      });
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', 'examples/a2a/client.ts', url, 'Are 7 and 10 prime?'],
        { cwd: root, timeout: 30_000 },
      );
      expect(stdout.split('\n').filter(Boolean)).toEqual(['prime_checker: 7 is prime.']);
    } finally {
      server.kill();
    }
  });
});
