import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADK_SOURCE_URL,
  createAgentsDir,
  runCli,
  startCli,
  type RunningCli,
} from '../../test/cli/cli-process.js';

/*
 * Issue 17 §3: a Workflow is the root agent of `adk run`, `adk api_server` and
 * `adk web` (the CLI in a child process, as a user runs it, over real HTTP).
 */

const SHOUT_WORKFLOW = `import { FunctionNode, LlmAgent, START, Workflow } from '${ADK_SOURCE_URL}';
import { EchoLlm } from '../echo_model.js';

const text = (input) => (input?.parts ?? []).map((part) => part.text ?? '').join('');
const shout = new FunctionNode('shout', (_ctx, input) => text(input).toUpperCase());
const echoer = new LlmAgent({ name: 'echoer', model: new EchoLlm(), instruction: 'Echo.' });
export const rootAgent = new Workflow({ name: 'shout_flow', edges: [[START, shout, echoer]] });
`;

const APPROVAL_WORKFLOW = `import { FunctionNode, RequestInput, START, Workflow } from '${ADK_SOURCE_URL}';

const text = (input) => (input?.parts ?? []).map((part) => part.text ?? '').join('');
const ask = new FunctionNode('ask', (_ctx, input) =>
  new RequestInput({ interruptId: 'approve-1', message: 'Approve ' + text(input) + '?' }));
const done = new FunctionNode('done', (_ctx, answer) => 'approved by ' + String(answer));
export const rootAgent = new Workflow({ name: 'approval_flow', edges: [[START, ask, done]] });
`;

let agentsDir: string;

// A workflow app in YAML (issue 17 §7): its function node is an export of a module beside it.
const YAML_WORKFLOW = `agent_class: Workflow
name: yaml_flow
edges:
  - [START, yaml_app.nodes.shout, echoer.yaml]
`;
const YAML_NODES = `export function shout(_ctx, input) {
  return (input?.parts ?? []).map((part) => part.text ?? '').join('').toUpperCase();
}
`;
const YAML_ECHOER = `name: echoer
instruction: Echo.
model_code:
  name: yaml_app.nodes.model
`;

beforeAll(async () => {
  agentsDir = await createAgentsDir({ shout_app: SHOUT_WORKFLOW, approval_app: APPROVAL_WORKFLOW });
  const yamlApp = path.join(agentsDir, 'yaml_app');
  await mkdir(yamlApp);
  await writeFile(path.join(yamlApp, 'root_agent.yaml'), YAML_WORKFLOW);
  await writeFile(path.join(yamlApp, 'echoer.yaml'), YAML_ECHOER);
  await writeFile(
    path.join(yamlApp, 'nodes.ts'),
    `${YAML_NODES}import { EchoLlm } from '../echo_model.js';\nexport const model = new EchoLlm();\n`,
  );
});

afterAll(async () => {
  await rm(path.dirname(agentsDir), { recursive: true, force: true });
});

interface WireEvent {
  author: string;
  output?: unknown;
  partial?: boolean;
  longRunningToolIds?: string[];
  nodeInfo?: { path: string; outputFor?: string[]; messageAsOutput?: boolean };
  content?: {
    parts?: { text?: string; functionCall?: { name: string; id: string; args: unknown } }[];
  };
}

// An LlmAgent node's reply carries its output as the message (`messageAsOutput`)
// with no `output` copy, as Python's event JSON has it.
function outputOf(event: WireEvent): unknown {
  if (event.output !== undefined) return event.output;
  if (!event.nodeInfo?.messageAsOutput) return undefined;
  return { message: (event.content?.parts ?? []).map((part) => part.text ?? '').join('') };
}

function answer(id: string, result: unknown): unknown {
  return {
    role: 'user',
    parts: [{ functionResponse: { id, name: 'adk_request_input', response: { result } } }],
  };
}

describe('adk run with a Workflow root (issue 17 §3)', () => {
  it('runs the graph for one query: a function node (its output shown), then an LlmAgent node that answers', async () => {
    const result = await runCli(['run', 'shout_app', 'hello there', '--in_memory'], {
      cwd: agentsDir,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '[shout]: output "HELLO THERE"\n[echoer]: (streamed) echo: HELLO THERE\n',
    );
  });

  it('--jsonl prints the node events with their nodeInfo paths and outputs', async () => {
    const result = await runCli(['run', 'shout_app', 'hi', '--in_memory', '--jsonl'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as WireEvent);
    expect(events.map((event) => [event.nodeInfo?.path, outputOf(event)])).toEqual([
      ['shout_flow@1/shout@1', 'HI'],
      ['shout_flow@1/echoer@1', { message: 'echo: HI' }],
    ]);
    expect(events[1]?.nodeInfo?.outputFor).toEqual(['shout_flow@1/echoer@1', 'shout_flow@1']);
  });

  it('a RequestInput pause ends the run with the adk_request_input call', async () => {
    const result = await runCli(['run', 'approval_app', 'refund', '--in_memory'], {
      cwd: agentsDir,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '[ask]: called tool adk_request_input({"interruptId":"approve-1","payload":null,"message":"Approve refund?","response_schema":null})\n',
    );
  });

  it('interactive: each line runs the graph again in the same session', async () => {
    const result = await runCli(['run', 'shout_app', '--in_memory'], {
      cwd: agentsDir,
      input: 'hello\nagain\nexit\n',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'Running agent shout_flow, type exit to exit.\n' +
        '[user]: [shout]: output "HELLO"\n' +
        '[echoer]: (streamed) echo: HELLO\n' +
        '[user]: [shout]: output "AGAIN"\n' +
        '[echoer]: (streamed) echo: AGAIN\n' +
        '[user]: ',
    );
  });

  it('interactive: after a RequestInput pause the next line answers it (JSON or text) and the workflow resumes (004 §5)', async () => {
    const result = await runCli(['run', 'approval_app', '--in_memory'], {
      cwd: agentsDir,
      input: 'refund\nada\nrefund again\n"bo"\nexit\n',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const call = (text: string): string =>
      `[ask]: called tool adk_request_input({"interruptId":"approve-1","payload":null,"message":"Approve ${text}?","response_schema":null})\n`;
    expect(result.stdout).toBe(
      'Running agent approval_flow, type exit to exit.\n' +
        `[user]: ${call('refund')}` +
        'Answer "Approve refund?" (JSON or text):\n' +
        '[user]: [done]: output "approved by ada"\n' +
        `[user]: ${call('refund again')}` +
        'Answer "Approve refund again?" (JSON or text):\n' +
        '[user]: [done]: output "approved by bo"\n' +
        '[user]: ',
    );
  });
});

describe.each(['api_server', 'web'])('adk %s with a Workflow root (issue 17 §3, §5)', (command) => {
  let cli: RunningCli;
  let url: string;

  beforeAll(async () => {
    cli = startCli([command, agentsDir, '--port', '0', '--session_service_uri', 'memory://'], {
      cwd: agentsDir,
    });
    [, url = ''] = await cli.waitForOutput(/started at (http:\/\/127\.0\.0\.1:\d+)/);
  });

  afterAll(async () => {
    cli.child.kill('SIGINT');
    expect((await cli.exited).code).toBe(0);
  });

  async function post(route: string, body: unknown): Promise<Response> {
    return fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function newSession(
    app: string,
  ): Promise<{ appName: string; userId: string; sessionId: string }> {
    const response = await post(`/apps/${app}/users/ada/sessions`, {});
    expect(response.status).toBe(200);
    return {
      appName: app,
      userId: 'ada',
      sessionId: ((await response.json()) as { id: string }).id,
    };
  }

  async function run(body: unknown): Promise<WireEvent[]> {
    const response = await post('/run', body);
    expect(response.status).toBe(200);
    return (await response.json()) as WireEvent[];
  }

  async function runSse(body: unknown): Promise<WireEvent[]> {
    const response = await post('/run_sse', body);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    return (await response.text())
      .split('\n\n')
      .filter((frame) => frame !== '')
      .map((frame) => {
        expect(frame.startsWith('data: ')).toBe(true);
        return JSON.parse(frame.slice('data: '.length)) as WireEvent;
      });
  }

  it('lists the workflow apps with their root workflow', async () => {
    const response = await fetch(`${url}/list-apps?detailed=true`);
    const listing = (await response.json()) as { apps: { name: string; rootAgentName: string }[] };
    expect(listing.apps.map((app) => [app.name, app.rootAgentName])).toEqual([
      ['approval_app', 'approval_flow'],
      ['shout_app', 'shout_flow'],
      ['yaml_app', 'yaml_flow'],
    ]);
  });

  it.runIf(command === 'web')(
    'GET /dev/apps/{app}/graph draws a workflow app written in YAML (issue 17 §7)',
    async () => {
      const response = await fetch(`${url}/dev/apps/yaml_app/graph`);
      expect(response.status).toBe(200);
      const { dotSrc } = (await response.json()) as { dotSrc: string };
      expect(dotSrc).toContain('yaml_flow');
      expect(dotSrc).toContain('shout');
      expect(dotSrc).toContain('echoer');
    },
  );

  it('POST /run runs a workflow app written in YAML (issue 17 §7)', async () => {
    const events = await run({
      ...(await newSession('yaml_app')),
      newMessage: { role: 'user', parts: [{ text: 'yo' }] },
    });
    expect(events.map((event) => [event.nodeInfo?.path, outputOf(event)])).toEqual([
      ['yaml_flow@1/shout@1', 'YO'],
      ['yaml_flow@1/echoer@1', { message: 'echo: YO' }],
    ]);
  });

  it('POST /run runs the graph and returns the node events', async () => {
    const events = await run({
      ...(await newSession('shout_app')),
      newMessage: { role: 'user', parts: [{ text: 'hello' }] },
    });
    expect(events.map((event) => [event.author, event.nodeInfo?.path, outputOf(event)])).toEqual([
      ['shout', 'shout_flow@1/shout@1', 'HELLO'],
      ['echoer', 'shout_flow@1/echoer@1', { message: 'echo: HELLO' }],
    ]);
  });

  it("POST /run_sse with streaming sends the LlmAgent node's partial events, then its output", async () => {
    const events = await runSse({
      ...(await newSession('shout_app')),
      newMessage: { role: 'user', parts: [{ text: 'hello' }] },
      streaming: true,
    });
    expect(events.map((event) => [event.author, event.partial ?? false, outputOf(event)])).toEqual([
      ['shout', false, 'HELLO'],
      ['echoer', true, undefined],
      ['echoer', true, undefined],
      ['echoer', false, { message: '(streamed) echo: HELLO' }],
    ]);
  });

  it('a RequestInput pause over /run_sse is answered through /run_sse and the workflow finishes', async () => {
    const session = await newSession('approval_app');
    const paused = await runSse({
      ...session,
      newMessage: { role: 'user', parts: [{ text: 'refund' }] },
    });
    expect(paused).toHaveLength(1);
    expect(paused[0]?.longRunningToolIds).toEqual(['approve-1']);
    expect(paused[0]?.content?.parts?.[0]?.functionCall).toEqual({
      name: 'adk_request_input',
      id: 'approve-1',
      args: {
        interruptId: 'approve-1',
        payload: null,
        message: 'Approve refund?',
        response_schema: null,
      },
    });
    const resumed = await runSse({ ...session, newMessage: answer('approve-1', 'ada') });
    expect(resumed.map((event) => [event.nodeInfo?.path, outputOf(event)])).toContainEqual([
      'approval_flow@1/done@1',
      'approved by ada',
    ]);
  });

  it('a RequestInput pause over /run is answered through /run and the workflow finishes', async () => {
    const session = await newSession('approval_app');
    const paused = await run({
      ...session,
      newMessage: { role: 'user', parts: [{ text: 'refund' }] },
    });
    expect(paused.flatMap((event) => event.longRunningToolIds ?? [])).toEqual(['approve-1']);
    const resumed = await run({ ...session, newMessage: answer('approve-1', 'bo') });
    expect(resumed.map((event) => [event.nodeInfo?.path, outputOf(event)])).toContainEqual([
      'approval_flow@1/done@1',
      'approved by bo',
    ]);
    const stored = await fetch(`${url}/apps/approval_app/users/ada/sessions/${session.sessionId}`);
    const { events } = (await stored.json()) as { events: WireEvent[] };
    expect(events.map((event) => event.author)).toEqual(['user', 'ask', 'user', 'done']);
  });
});
