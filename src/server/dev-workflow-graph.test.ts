import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import type { Event } from '../events/event.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionNode } from '../workflow/function-node.js';
import { JoinNode } from '../workflow/join-node.js';
import type { NodeContext } from '../workflow/node-context.js';
import { DEFAULT_ROUTE, START } from '../workflow/start.js';
import { Workflow } from '../workflow/workflow.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Issue 17 §7: the dev server's graph routes draw workflows (adk-python
// cli/utils/graph_serialization.py, graph_visualization.py, dev_server.py).

interface ParsedDot {
  nodes: { id: string; label: string; attributes: Record<string, string> }[];
  edges: { from: string; to: string; attributes: Record<string, string> }[];
}
// The dev UI's own DOT parser reads what the graph routes send.
const dotGraphModule = fileURLToPath(new URL('../../web/src/panels/dot-graph.ts', import.meta.url));
const { parseDot } = (await import(dotGraphModule)) as { parseDot: (source: string) => ParsedDot };

const HIGHLIGHT_BORDER = '#133874';
const HIGHLIGHT_EDGE = '#4285F4';

/** The triage workflow: a router, a DEFAULT_ROUTE branch, a join and a nested workflow. */
function triageApp(): Workflow {
  const classify = new FunctionNode('classify', (ctx: NodeContext, input: unknown) => {
    ctx.route = JSON.stringify(input).includes('crash') ? 'bug' : 'question';
    return 'classified';
  });
  const fileBug = new FunctionNode('file_bug', () => 'BUG-1');
  const answer = new FunctionNode('answer', () => 'See the docs.');
  const email = new FunctionNode('email', () => 'sent');
  const notify = new Workflow({ name: 'notify', edges: [[START, email]] });
  const audit = new FunctionNode('audit', () => 'audited');
  const done = new JoinNode({ name: 'done' });
  return new Workflow({
    name: 'triage',
    edges: [
      [START, classify, { bug: fileBug, [DEFAULT_ROUTE]: answer }],
      [fileBug, notify.node, done],
      [fileBug, audit, done],
    ],
  });
}

/** An LlmAgent whose sub-agent is a workflow. */
function deskApp(): LlmAgent {
  const step = new FunctionNode('step', () => 'ok');
  return new LlmAgent({
    name: 'desk',
    model: new ScriptedLlm({ responses: [textResponse('hi')] }),
    subAgents: [new Workflow({ name: 'flow', edges: [[START, step]] })],
  });
}

/** A sequential agent whose first member is a workflow. */
function chainApp(): SequentialAgent {
  const step = new FunctionNode('step', () => 'ok');
  return new SequentialAgent({
    name: 'chain',
    subAgents: [
      new Workflow({ name: 'first_flow', edges: [[START, step]] }),
      new LlmAgent({
        name: 'after',
        model: new ScriptedLlm({ responses: [textResponse('done')] }),
      }),
    ],
  });
}

const sessionService = new InMemorySessionService();
let server: ApiServerHandle;

beforeAll(async () => {
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({
      apps: { triage: triageApp(), desk: deskApp(), chain: chainApp() },
    }),
    sessionService,
    dev: {},
  });
});
afterAll(async () => {
  await server.close();
});

// Over real HTTP: the server listens on a free loopback port.
async function request(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${server.url}${path}`, init);
}

async function get(path: string): Promise<unknown> {
  const response = await request(path);
  expect(response.status).toBe(200);
  return response.json() as Promise<unknown>;
}

async function runTriage(sessionId: string, text: string): Promise<Event[]> {
  await request(`/apps/triage/users/u/sessions/${sessionId}`, { method: 'POST' });
  const response = await request('/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      appName: 'triage',
      userId: 'u',
      sessionId,
      newMessage: { role: 'user', parts: [{ text }] },
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Event[];
}

function highlightedNodes(dot: ParsedDot): string[] {
  return dot.nodes
    .filter((node) => node.attributes['color'] === HIGHLIGHT_BORDER)
    .map((node) => node.id);
}

function highlightedEdges(dot: ParsedDot): string[] {
  return dot.edges
    .filter((edge) => edge.attributes['color'] === HIGHLIGHT_EDGE)
    .map((edge) => `${edge.from}->${edge.to}`);
}

describe('build_graph describes a Workflow (graph_serialization.py serialize_agent / serialize_node)', () => {
  it('writes the graph: START first, nodes with their type, edges with their routes', async () => {
    const info = (await get('/dev/apps/triage/build_graph')) as {
      root_agent: {
        name: string;
        rerun_on_resume: boolean;
        graph: {
          nodes: { name: string; type: string; graph?: unknown }[];
          edges: { from_node: { name: string }; to_node: { name: string }; route?: unknown }[];
        };
      };
    };
    const root = info.root_agent;
    expect(root.name).toBe('triage');
    expect(root.rerun_on_resume).toBe(true);
    expect(root).not.toHaveProperty('sub_agents');
    expect(root.graph.nodes.map((node) => [node.name, node.type])).toEqual([
      ['__START__', 'start'],
      ['classify', 'function'],
      ['file_bug', 'function'],
      ['answer', 'function'],
      ['notify', 'workflow'],
      ['done', 'join'],
      ['audit', 'function'],
    ]);
    expect(root.graph.nodes[0]).toEqual({
      name: '__START__',
      type: 'start',
      rerun_on_resume: false,
    });
    const notify = root.graph.nodes.find((node) => node.name === 'notify');
    expect(notify?.graph).toMatchObject({
      nodes: [{ name: '__START__' }, { name: 'email', type: 'function' }],
    });
    expect(
      root.graph.edges.map((edge) => [edge.from_node.name, edge.to_node.name, edge.route]),
    ).toEqual([
      ['__START__', 'classify', undefined],
      ['classify', 'file_bug', 'bug'],
      ['classify', 'answer', '__DEFAULT__'],
      ['file_bug', 'notify', undefined],
      ['notify', 'done', undefined],
      ['file_bug', 'audit', undefined],
      ['audit', 'done', undefined],
    ]);
  });
});

describe('build_graph_image draws workflows (graph_visualization.py plot_workflow_graph, dev_server.py)', () => {
  it('draws the root workflow and each workflow below it, keyed by path', async () => {
    const images = (await get('/dev/apps/triage/build_graph_image')) as Record<
      string,
      { dotSrc: string }
    >;
    expect(Object.keys(images)).toEqual(['', 'notify']);
    const dot = parseDot(images['']!.dotSrc);
    const byId = new Map(dot.nodes.map((node) => [node.id, node]));
    expect(byId.get('__START__')?.label).toBe('START');
    expect(byId.get('classify')?.attributes['shape']).toBe('diamond');
    expect(byId.get('done')).toMatchObject({ label: '🔀 done', attributes: { shape: 'oval' } });
    expect(byId.get('notify')?.label).toBe('🔄 notify');
    expect(byId.get('__END__')?.label).toBe('END');
    expect(
      dot.edges.map((edge) => `${edge.from}->${edge.to}${edge.attributes['label'] ?? ''}`),
    ).toEqual([
      '__START__->classify',
      'classify->file_bug  bug',
      'classify->answer  __DEFAULT__',
      'file_bug->notify',
      'notify->done',
      'file_bug->audit',
      'audit->done',
      'answer->__END__',
      'done->__END__',
    ]);
    const inner = parseDot(images['notify']!.dotSrc);
    expect(inner.edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual([
      '__START__->email',
      'email->__END__',
    ]);
  });

  it('goes down to a nested workflow by its node path', async () => {
    const images = (await get('/dev/apps/triage/build_graph_image?node=triage/notify')) as Record<
      string,
      { dotSrc: string }
    >;
    expect(Object.keys(images)).toEqual(['triage/notify']);
    expect(parseDot(images['triage/notify']!.dotSrc).nodes.map((node) => node.id)).toEqual([
      'email',
      '__START__',
      '__END__',
    ]);
  });
});

describe('the agent graph draws workflows (issue 17 §7: routes as labelled edges, the run highlighted)', () => {
  it('/graph draws the workflow as a cluster of its nodes, the routes on the edges', async () => {
    const { dotSrc } = (await get('/dev/apps/triage/graph?dark_mode=false')) as {
      dotSrc: string;
    };
    expect(dotSrc).toContain('subgraph "cluster_triage" {');
    expect(dotSrc).toContain('subgraph "cluster_triage/notify" {');
    const dot = parseDot(dotSrc);
    expect(dot.nodes.map((node) => [node.id, node.label, node.attributes['tooltip']])).toEqual([
      ['triage/__START__', 'START', 'Start'],
      ['triage/classify', 'classify', 'Function'],
      ['triage/file_bug', 'file_bug', 'Function'],
      ['triage/answer', 'answer', 'Function'],
      ['triage/notify/__START__', 'START', 'Start'],
      ['triage/notify/email', 'email', 'Function'],
      ['triage/done', '🔀 done', 'Join'],
      ['triage/audit', 'audit', 'Function'],
    ]);
    expect(dot.nodes[1]?.attributes['shape']).toBe('diamond');
    expect(
      dot.edges.map((edge) => `${edge.from}->${edge.to} ${edge.attributes['label'] ?? ''}`.trim()),
    ).toEqual([
      'triage/notify/__START__->triage/notify/email',
      'triage/__START__->triage/classify',
      'triage/classify->triage/file_bug bug',
      'triage/classify->triage/answer __DEFAULT__',
      'triage/file_bug->triage/notify/__START__',
      'triage/notify/email->triage/done',
      'triage/file_bug->triage/audit',
      'triage/audit->triage/done',
    ]);
    expect(highlightedNodes(dot)).toEqual([]);
  });

  it('the per-event graph highlights the nodes the invocation ran up to the event', async () => {
    const events = await runTriage('crash', 'the app crashes');
    const fileBug = events.find((event) => event.nodeInfo?.path === 'triage@1/file_bug@1');
    expect(fileBug).toBeDefined();
    const atFileBug = parseDot(
      (
        (await get(
          `/dev/apps/triage/users/u/sessions/crash/events/${fileBug!.id}/graph?dark_mode=false`,
        )) as { dotSrc: string }
      ).dotSrc,
    );
    expect(highlightedNodes(atFileBug)).toEqual([
      'triage/__START__',
      'triage/classify',
      'triage/file_bug',
    ]);
    expect(highlightedEdges(atFileBug)).toEqual([
      'triage/__START__->triage/classify',
      'triage/classify->triage/file_bug',
    ]);

    const last = events.at(-1)!;
    const atEnd = parseDot(
      (
        (await get(`/dev/apps/triage/users/u/sessions/crash/events/${last.id}/graph`)) as {
          dotSrc: string;
        }
      ).dotSrc,
    );
    expect(highlightedNodes(atEnd).sort()).toEqual(
      [
        'triage/__START__',
        'triage/classify',
        'triage/file_bug',
        'triage/notify/__START__',
        'triage/notify/email',
        'triage/audit',
        'triage/done',
      ].sort(),
    );
    expect(highlightedEdges(atEnd)).not.toContain('triage/classify->triage/answer');
    expect(highlightedEdges(atEnd)).toContain('triage/file_bug->triage/notify/__START__');
  });

  it('a workflow in a sequential agent is left from its terminal nodes', async () => {
    const { dotSrc } = (await get('/dev/apps/chain/graph')) as { dotSrc: string };
    const dot = parseDot(dotSrc);
    expect(dot.nodes.map((node) => node.id)).toEqual([
      'first_flow/__START__',
      'first_flow/step',
      'after',
    ]);
    expect(dot.edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual([
      'first_flow/__START__->first_flow/step',
      'first_flow/step->after',
    ]);
  });

  it('a workflow below an agent is entered at its START', async () => {
    const { dotSrc } = (await get('/dev/apps/desk/graph')) as { dotSrc: string };
    const dot = parseDot(dotSrc);
    expect(dot.nodes.map((node) => node.id)).toEqual(['desk', 'flow/__START__', 'flow/step']);
    expect(dot.edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual([
      'flow/__START__->flow/step',
      'desk->flow/__START__',
    ]);
  });
});
