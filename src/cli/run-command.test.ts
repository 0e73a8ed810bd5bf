import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADK_SOURCE_URL,
  createAgentsDir,
  echoAgentSource,
  runCli,
  startCli,
} from '../../test/cli/cli-process.js';

/*
 * Issue 6 part 2, `adk run` (Python cli.py `run_cli` / `run_interactively`):
 * the CLI runs in a child process against an app with a deterministic model.
 */

// The echo model's "weather <city>" calls get_weather, which here fails as a database might.
const FAILING_TOOL_AGENT = `import { FunctionTool, LlmAgent } from '${ADK_SOURCE_URL}';
import { EchoLlm } from '../echo_model.js';

export const rootAgent = new LlmAgent({
  name: 'failing_agent',
  model: new EchoLlm(),
  tools: [
    new FunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      execute: () => {
        throw new Error('database unreachable: 17');
      },
    }),
  ],
});
`;

let agentsDir: string;
let appDir: string;

beforeAll(async () => {
  agentsDir = await createAgentsDir({
    echo_app: echoAgentSource(),
    failing_app: FAILING_TOOL_AGENT,
  });
  appDir = path.join(agentsDir, 'echo_app');
});

afterAll(async () => {
  await rm(path.dirname(agentsDir), { recursive: true, force: true });
});

describe('adk run AGENT QUERY', () => {
  it('answers one query as `[author]: text`, showing tool calls and results, then exits 0', async () => {
    const result = await runCli(['run', appDir, 'weather Paris', '--in_memory'], {
      cwd: agentsDir,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      '[echo_agent]: called tool get_weather({"city":"Paris"})',
      '[echo_agent]: tool get_weather returned {"city":"Paris","sky":"sunny"}',
      '[echo_agent]: tool said {"city":"Paris","sky":"sunny"}',
      '',
    ]);
  });

  it('--jsonl prints each complete event as one camelCase JSON line', async () => {
    const result = await runCli(['run', 'echo_app', 'weather Oslo', '--jsonl', '--in_memory'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toHaveLength(3);
    expect(events.map((event) => event['author'])).toEqual([
      'echo_agent',
      'echo_agent',
      'echo_agent',
    ]);
    expect(events[0]).toMatchObject({
      content: { role: 'model', parts: [{ functionCall: { name: 'get_weather' } }] },
      invocationId: expect.stringMatching(/^e-/) as unknown,
    });
    expect(events[1]).toMatchObject({
      content: { parts: [{ functionResponse: { response: { city: 'Oslo', sky: 'sunny' } } }] },
    });
    expect(events[2]).toMatchObject({
      content: { parts: [{ text: 'tool said {"city":"Oslo","sky":"sunny"}' }] },
    });
    expect(events.every((event) => !('partial' in event) || event['partial'] === false)).toBe(true);
  });

  it('keeps sessions in SQLite under <agents_dir>/.adk by default; --session_id continues one', async () => {
    const first = await runCli(['run', appDir, 'first', '--session_id', 'kept', '--jsonl'], {
      cwd: agentsDir,
    });
    expect(first.code).toBe(0);
    const second = await runCli(
      ['run', appDir, 'second', '--session_id', 'kept', '--save_session'],
      { cwd: agentsDir },
    );
    expect(second.code).toBe(0);
    const saved = JSON.parse(await readFile(path.join(appDir, 'kept.session.json'), 'utf8')) as {
      events: { content?: { parts?: { text?: string }[] } }[];
    };
    expect(saved.events.map((event) => event.content?.parts?.[0]?.text)).toEqual([
      'first',
      'echo: first',
      'second',
      '(streamed) echo: second',
    ]);
  });
});

describe('adk run AGENT (interactive)', () => {
  it('chats line by line with streamed output until exit, then --save_session writes <app>/<id>.session.json', async () => {
    const result = await runCli(['run', appDir, '--in_memory', '--save_session'], {
      cwd: agentsDir,
      input: 'hello\n\nweather Rome\nexit\nsaved_one\n',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'Running agent echo_agent, type exit to exit.',
        '[user]: [echo_agent]: (streamed) echo: hello',
        '[user]: [user]: [echo_agent]: called tool get_weather({"city":"Rome"})',
        '[echo_agent]: tool get_weather returned {"city":"Rome","sky":"sunny"}',
        '[echo_agent]: tool said {"city":"Rome","sky":"sunny"}',
        `[user]: Session ID to save: Session saved to ${path.join(appDir, 'saved_one.session.json')}`,
        '',
      ].join('\n'),
    );
    const saved = JSON.parse(
      await readFile(path.join(appDir, 'saved_one.session.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual([
      'id',
      'appName',
      'userId',
      'state',
      'events',
      'lastUpdateTime',
    ]);
    expect(saved['appName']).toBe('echo_app');
    expect(saved['userId']).toBe('test_user');
    expect(saved['events']).toHaveLength(6);
  });

  it('--resume replays a saved session (printed) into a new one and goes on from it', async () => {
    const save = await runCli(
      ['run', appDir, 'remember me', '--in_memory', '--save_session', '--session_id', 'to_resume'],
      {
        cwd: agentsDir,
      },
    );
    expect(save.code).toBe(0);
    const resumed = await runCli(
      [
        'run',
        appDir,
        '--in_memory',
        '--resume',
        path.join(appDir, 'to_resume.session.json'),
        '--jsonl',
      ],
      { cwd: agentsDir, input: 'again\n' },
    );
    expect(resumed.code).toBe(0);
    const texts = resumed.stdout
      .trim()
      .split('\n')
      .map((line) => {
        const event = JSON.parse(line) as {
          author: string;
          content: { parts: { text: string }[] };
        };
        return `${event.author}: ${event.content.parts[0]?.text}`;
      });
    expect(texts).toEqual([
      'user: remember me',
      'echo_agent: (streamed) echo: remember me',
      'echo_agent: echo: again',
    ]);
  });

  it('--replay runs the queries of {state, queries} in a new session, echoing each as [user]', async () => {
    const replayFile = path.join(path.dirname(agentsDir), 'replay.json');
    await writeFile(
      replayFile,
      JSON.stringify({ state: { mood: 'calm' }, queries: ['one', 'two'] }),
    );
    const result = await runCli(['run', appDir, '--in_memory', '--replay', replayFile], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      '[user]: one',
      '[echo_agent]: (streamed) echo: one',
      '[user]: two',
      '[echo_agent]: (streamed) echo: two',
      '',
    ]);
  });

  it('Ctrl-C (SIGINT) during a turn stops it and exits 0, closing cleanly', async () => {
    const cli = startCli(['run', appDir, '--in_memory'], { cwd: agentsDir });
    await cli.waitForOutput(/type exit to exit\.\n\[user\]: $/);
    cli.child.stdin.write('slow\n');
    // The turn is waiting on the model; give the line time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    cli.child.kill('SIGINT');
    const result = await cli.exited;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('echo: slow');
  });
});

describe('adk run errors', () => {
  it('rejects an invalid app folder name before loading anything', async () => {
    const result = await runCli(['run', path.join(agentsDir, 'not-valid')], { cwd: agentsDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid app name "not-valid"');
  });

  it('rejects --replay with --resume, as Python does', async () => {
    const result = await runCli(['run', appDir, '--replay', 'a.json', '--resume', 'b.json'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Options '--replay' and '--resume' cannot be set together.");
  });

  it('a tool that throws fails the turn: its name and message on stderr, exit 1', async () => {
    const result = await runCli(['run', 'failing_app', 'weather Paris', '--in_memory'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('[failing_agent]: called tool get_weather({"city":"Paris"})\n');
    expect(result.stderr).toBe('Error: Tool "get_weather" failed: database unreachable: 17\n');
  });

  it('-v prints the stack of the failure and of the tool error that caused it', async () => {
    const result = await runCli(['run', 'failing_app', 'weather Paris', '--in_memory', '-v'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(1);
    const [first, ...rest] = result.stderr.split('\n');
    expect(first).toBe('Error: Tool "get_weather" failed: database unreachable: 17');
    const stacks = rest.join('\n');
    expect(stacks).toMatch(
      /^ToolExecutionError: Tool "get_weather" failed: database unreachable: 17\n {4}at /,
    );
    // The cause's stack leads to the line of agent.ts that threw.
    expect(stacks).toMatch(
      /\nCaused by: Error: database unreachable: 17\n {4}at .*failing_app[\\/]agent\.ts:\d+/,
    );
  });
});
