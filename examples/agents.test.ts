import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LegacyAgentCardJson } from '../src/a2a/legacy-agent-card.js';
import { RemoteA2aAgent } from '../src/a2a/remote-a2a-agent.js';
import { AgentsDirectoryLoader } from '../src/config/agents-directory.js';
import { InMemoryRunner } from '../src/runner/in-memory-runner.js';
import { runCli, startCli } from '../test/cli/cli-process.js';

/*
 * The example agents directory (docs/agents-directory.md, docs/cli.md): two
 * YAML apps (an agent and a workflow) and two TypeScript apps (an agent and a
 * workflow), offline, listed by the loader and run by `adk run` as the docs show.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const agentsDir = path.join(root, 'examples', 'agents');

describe('examples/agents', () => {
  it('holds YAML apps and a TypeScript app', async () => {
    const loader = new AgentsDirectoryLoader({ agentsDir, loadEnvFiles: false });
    expect(await loader.listApps()).toEqual([
      'hello_eval',
      'refund_flow',
      'triage_yaml',
      'weather_yaml',
      'word_counter',
    ]);
    expect((await loader.findAppSource('hello_eval'))?.language).toBe('typescript');
    expect((await loader.findAppSource('refund_flow'))?.language).toBe('typescript');
    expect((await loader.findAppSource('triage_yaml'))?.language).toBe('yaml');
    expect((await loader.findAppSource('weather_yaml'))?.language).toBe('yaml');
    expect((await loader.findAppSource('word_counter'))?.language).toBe('typescript');
  });

  it('adk run examples/agents/weather_yaml answers from its tool', async () => {
    const result = await runCli(
      ['run', 'examples/agents/weather_yaml', 'What is the weather in Lisbon?', '--in_memory'],
      { cwd: root },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')).toEqual([
      '[weather_assistant]: called tool get_weather({"city":"Lisbon"})',
      '[weather_assistant]: tool get_weather returned {"status":"success","report":"sunny, 24°C in Lisbon"}',
      '[weather_assistant]: The weather: sunny, 24°C in Lisbon.',
      '',
    ]);
  });

  it('adk run examples/agents/word_counter counts words with its tool', async () => {
    const result = await runCli(
      ['run', 'examples/agents/word_counter', 'How many words is this?', '--in_memory'],
      { cwd: root },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('[word_counter]: Your message has 5 words.\n');
  });

  it('adk run examples/agents/triage_yaml runs the YAML workflow on either route (issue 17 §7)', async () => {
    const urgent = await runCli(
      ['run', 'examples/agents/triage_yaml', 'The site is down', '--in_memory'],
      { cwd: root },
    );
    expect(urgent.stderr).toBe('');
    expect(urgent.stdout).toBe(
      '[classify]: output "The site is down"\n' +
        '[escalate]: Paged the on-call team about: The site is down\n',
    );
    const question = await runCli(
      ['run', 'examples/agents/triage_yaml', 'How do I reset my password?', '--in_memory'],
      { cwd: root },
    );
    expect(question.stderr).toBe('');
    expect(question.stdout).toBe(
      '[classify]: output "How do I reset my password?"\n' +
        '[answerer]: Use "Forgot password" on the sign-in page to reset it.\n',
    );
  });

  it('adk run examples/agents/refund_flow: the chat answers each RequestInput and the workflow resumes (issue 17 §3, §5)', async () => {
    const result = await runCli(['run', 'examples/agents/refund_flow', '--in_memory'], {
      cwd: root,
      input: 'Refund 40 EUR for order 1234\nyes\nRefund 900 EUR for order 99\nno\nexit\n',
    });
    expect(result.stderr).toBe('');
    const lines = result.stdout
      .replace(/"interruptId":"[^"]+"/g, '"interruptId":"<id>"')
      .split('\n');
    const ask = (request: string): string =>
      `[user]: [ask_manager]: called tool adk_request_input({"interruptId":"<id>","payload":{"request":"${request}"},` +
      `"message":"Approve this refund: ${request}?","response_schema":null})`;
    expect(lines).toEqual([
      'Running agent refund_flow, type exit to exit.',
      ask('Refund 40 EUR for order 1234'),
      'Answer "Approve this refund: Refund 40 EUR for order 1234?" (JSON or text):',
      '[user]: [decide]: output true',
      '[refund]: output "Refund issued."',
      ask('Refund 900 EUR for order 99'),
      'Answer "Approve this refund: Refund 900 EUR for order 99?" (JSON or text):',
      '[user]: [decide]: output false',
      '[decline]: output "Refund declined."',
      '[user]: ',
    ]);
  });

  it('adk api_server --a2a examples/agents serves word_counter with its agent.json card (docs/a2a.md)', async () => {
    const cli = startCli(
      [
        'api_server',
        'examples/agents',
        '--port',
        '0',
        '--session_service_uri',
        'memory://',
        '--a2a',
      ],
      { cwd: root },
    );
    try {
      const [, url] = await cli.waitForOutput(/started at (http:\/\/127\.0\.0\.1:\d+)/);
      const file = JSON.parse(
        await readFile(path.join(agentsDir, 'word_counter', 'agent.json'), 'utf8'),
      ) as Record<string, unknown>;
      const card = (await (
        await fetch(`${url}/a2a/word_counter/.well-known/agent-card.json`)
      ).json()) as LegacyAgentCardJson;
      expect(card).toEqual(file);
      // The card names port 8000, as written; this server listens elsewhere.
      const remote = new RemoteA2aAgent({
        name: 'word_counter_remote',
        agentCard: { ...card, url: `${url}/a2a/word_counter` },
      });
      const runner = new InMemoryRunner({ agent: remote, appName: 'caller' });
      await runner.sessionService.createSession({ appName: 'caller', userId: 'u', sessionId: 's' });
      const texts: string[] = [];
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: 's',
        newMessage: { role: 'user', parts: [{ text: 'How many words is this?' }] },
      })) {
        for (const part of event.content?.parts ?? []) {
          if (part.text && !part.thought) texts.push(part.text);
        }
      }
      expect(texts.at(-1)).toBe('Your message has 5 words.');
    } finally {
      cli.child.kill('SIGINT');
      await cli.exited;
    }
  });
});
