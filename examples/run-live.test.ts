import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

describe('examples/run-live runs as documented (docs/live.md, "/run_live")', () => {
  it('a live session over the /run_live WebSocket: a tool call, partial text, the turn end, close 1000', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'examples/run-live/main.ts'],
      { cwd: root, timeout: 30_000 },
    );
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      'live_assistant: call get_weather {"city":"Lisbon"}',
      'live_assistant: get_weather → {"city":"Lisbon","weather":"sunny"}',
      'live_assistant (partial): It is sunny ',
      'live_assistant (partial): in Lisbon.',
      'live_assistant: (turn complete)',
      'socket closed: 1000',
    ]);
  });
});
