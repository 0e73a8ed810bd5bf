import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

describe('examples/telemetry runs as documented (docs/telemetry.md)', () => {
  it('prints the span tree of one run: invocation → agent → model calls → tool', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'examples/telemetry/main.ts'],
      {
        cwd: root,
        timeout: 30_000,
      },
    );
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines[0]).toBe('weather_agent: It is clear and 22 °C in Lisbon.');
    expect(lines.slice(1, 6).map((line) => line.replace(/ [\d.]+ ms.*$/, ''))).toEqual([
      'invocation',
      '  invoke_agent weather_agent',
      '    call_llm',
      '      execute_tool get_weather',
      '    call_llm',
    ]);
    expect(stdout).toContain('gcp.vertex.agent.tool_call_args={"city":"Lisbon"}');
    expect(stdout).toContain('gen_ai.usage.input_tokens=42');
    expect(stdout).toContain('spans recorded: 5');
  });
});
