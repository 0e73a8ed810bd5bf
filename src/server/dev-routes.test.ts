import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import type { Event } from '../events/event.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { InMemorySpanStore, registerSpanStore } from '../telemetry/span-store.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { createApiServer, type ApiServer } from './create-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// adk-python's dev-server routes (reference/adk-python.md §2.2): debug traces,
// graphs and eval listings, through the real hono app.

interface ParsedDot {
  nodes: { id: string; label: string; attributes: Record<string, string> }[];
  edges: { from: string; to: string; attributes: Record<string, string> }[];
}
// The dev UI's own DOT parser reads what the graph routes send.
const dotGraphModule = fileURLToPath(new URL('../../web/src/panels/dot-graph.ts', import.meta.url));
const { parseDot } = (await import(dotGraphModule)) as { parseDot: (source: string) => ParsedDot };

function weatherApp(): LlmAgent {
  const getWeather = new FunctionTool({
    name: 'get_weather',
    description: 'Returns the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => ({ report: `Sunny in ${city}` }),
  });
  const helper = new LlmAgent({
    name: 'helper',
    model: new ScriptedLlm({ responses: [textResponse('hi')] }),
  });
  return new LlmAgent({
    name: 'weather_agent',
    model: new ScriptedLlm({
      responses: (request) =>
        request.contents.at(-1)?.parts?.some((part) => part.functionResponse)
          ? textResponse('Sunny.')
          : functionCallResponse('get_weather', { city: 'Lisbon' }),
    }),
    tools: [getWeather],
    subAgents: [helper],
  });
}

function pipelineApp(): SequentialAgent {
  const step = (name: string) =>
    new LlmAgent({ name, model: new ScriptedLlm({ responses: [textResponse(name)] }) });
  return new SequentialAgent({ name: 'pipeline', subAgents: [step('draft'), step('review')] });
}

const store = new InMemorySpanStore();
const sessionService = new InMemorySessionService();
let agentsDirectory: string;
let server: ApiServer;
let plain: ApiServer;

beforeAll(async () => {
  trace.disable();
  expect(registerSpanStore(store)).toBe(true);
  agentsDirectory = await mkdtemp(path.join(tmpdir(), 'adk-dev-routes-'));
  const apps = { weather: weatherApp(), pipeline: pipelineApp() };
  server = createApiServer({
    agentLoader: new StaticAgentLoader({ apps }),
    sessionService,
    dev: { spanStore: store, agentsDirectory },
  });
  plain = createApiServer({ agentLoader: new StaticAgentLoader({ apps }), sessionService });
});

afterAll(async () => {
  trace.disable();
  await server.close();
  await plain.close();
  await rm(agentsDirectory, { recursive: true, force: true });
});

async function json(response: Response): Promise<unknown> {
  return response.json() as Promise<unknown>;
}

async function runWeather(sessionId: string): Promise<Event[]> {
  await server.app.request(`/apps/weather/users/u/sessions/${sessionId}`, { method: 'POST' });
  const response = await server.app.request('/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      appName: 'weather',
      userId: 'u',
      sessionId,
      newMessage: { role: 'user', parts: [{ text: 'weather?' }] },
    }),
  });
  expect(response.status).toBe(200);
  return (await json(response)) as Event[];
}

interface WireSpan {
  name: string;
  span_id: string;
  trace_id: string;
  start_time: number;
  end_time: number;
  attributes: Record<string, unknown>;
  parent_span_id: string | null;
}

describe('debug trace routes', () => {
  it('list the spans of a session in start order, with Python’s field names and parents', async () => {
    const events = await runWeather('traced');
    const response = await server.app.request('/dev/apps/weather/debug/trace/session/traced');
    expect(response.status).toBe(200);
    const spans = (await json(response)) as WireSpan[];
    expect(spans.map((span) => span.name)).toEqual([
      'invocation',
      'invoke_agent weather_agent',
      'call_llm',
      'execute_tool get_weather',
      'call_llm',
    ]);
    const [invocation, agent, firstCall, tool, secondCall] = spans;
    expect(invocation!.parent_span_id).toBeNull();
    expect(agent!.parent_span_id).toBe(invocation!.span_id);
    expect(firstCall!.parent_span_id).toBe(agent!.span_id);
    expect(tool!.parent_span_id).toBe(firstCall!.span_id);
    expect(secondCall!.parent_span_id).toBe(agent!.span_id);
    for (const span of spans) {
      expect(span.trace_id).toBe(invocation!.trace_id);
      expect(span.end_time).toBeGreaterThanOrEqual(span.start_time);
      // Nanoseconds since the epoch.
      expect(span.start_time).toBeGreaterThan(1.7e18);
    }
    const responseEvent = events.find((event) =>
      event.content?.parts?.some((part) => part.functionResponse),
    )!;
    expect(tool!.attributes).toMatchObject({
      'gen_ai.tool.name': 'get_weather',
      'gcp.vertex.agent.event_id': responseEvent.id,
    });
  });

  it('give the span of an event, with trace_id and span_id; 404 for an unknown event', async () => {
    const events = await runWeather('by-event');
    const callEvent = events.find((event) =>
      event.content?.parts?.some((part) => part.functionCall),
    )!;
    const response = await server.app.request(`/dev/apps/weather/debug/trace/${callEvent.id}`);
    expect(response.status).toBe(200);
    const attributes = (await json(response)) as Record<string, unknown>;
    expect(attributes).toMatchObject({
      'gcp.vertex.agent.event_id': callEvent.id,
      'gcp.vertex.agent.session_id': 'by-event',
    });
    expect(attributes['trace_id']).toMatch(/^[0-9a-f]{32}$/);
    expect(attributes['span_id']).toMatch(/^[0-9a-f]{16}$/);
    expect(String(attributes['gcp.vertex.agent.llm_request'])).toContain('weather?');

    const missing = await server.app.request('/dev/apps/weather/debug/trace/no-such-event');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ detail: 'Trace not found' });
  });

  it('answer an empty list for a session without spans, 400 for an invalid app name', async () => {
    const empty = await server.app.request('/dev/apps/weather/debug/trace/session/nobody');
    expect(await json(empty)).toEqual([]);
    const invalid = await server.app.request('/dev/apps/bad-name!/debug/trace/session/s');
    expect(invalid.status).toBe(400);
  });
});

describe('graph routes', () => {
  it('draw the agent tree as DOT the UI parses: agents, tools, sub-agents', async () => {
    const response = await server.app.request('/dev/apps/weather/graph');
    expect(response.status).toBe(200);
    const { dotSrc } = (await json(response)) as { dotSrc: string };
    const graph = parseDot(dotSrc);
    expect(graph.nodes.map((node) => [node.id, node.label, node.attributes['shape']])).toEqual([
      ['weather_agent', '🤖 weather_agent', 'ellipse'],
      ['helper', '🤖 helper', 'ellipse'],
      ['get_weather', '🔧 get_weather', 'box'],
    ]);
    expect(graph.edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual([
      'weather_agent->helper',
      'weather_agent->get_weather',
    ]);
    expect(dotSrc).toContain('bgcolor="#333537"');
    const light = (await json(
      await server.app.request('/dev/apps/weather/graph?dark_mode=false'),
    )) as {
      dotSrc: string;
    };
    expect(light.dotSrc).toContain('bgcolor="#ffffff"');
  });

  it('draw a sequential agent as a cluster whose members are chained', async () => {
    const { dotSrc } = (await json(await server.app.request('/dev/apps/pipeline/graph'))) as {
      dotSrc: string;
    };
    expect(dotSrc).toContain('subgraph "cluster_pipeline (Sequential Agent)" {');
    const graph = parseDot(dotSrc);
    expect(graph.nodes.map((node) => node.id)).toEqual(['draft', 'review']);
    expect(graph.edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual(['draft->review']);
  });

  it('highlight the edge of an event, and answer {} for an unknown event', async () => {
    const events = await runWeather('graph-session');
    const callEvent = events.find((event) =>
      event.content?.parts?.some((part) => part.functionCall),
    )!;
    const response = await server.app.request(
      `/dev/apps/weather/users/u/sessions/graph-session/events/${callEvent.id}/graph`,
    );
    const { dotSrc } = (await json(response)) as { dotSrc: string };
    const edge = parseDot(dotSrc).edges.find(
      (candidate) => candidate.from === 'weather_agent' && candidate.to === 'get_weather',
    );
    expect(edge!.attributes).toMatchObject({ color: '#4285F4', penwidth: '2.0' });
    const highlighted = parseDot(dotSrc).nodes.find((node) => node.id === 'get_weather');
    expect(highlighted!.attributes['fillcolor']).toBe('#1B2336:#133874');
    const unknown = await server.app.request(
      '/dev/apps/weather/users/u/sessions/graph-session/events/nope/graph',
    );
    expect(await json(unknown)).toEqual({});
  });

  it('answer 404 for an unknown app', async () => {
    expect((await server.app.request('/dev/apps/nowhere/graph')).status).toBe(404);
  });
});

describe('build_graph routes (what adk-web reads when it opens an app)', () => {
  beforeAll(async () => {
    await mkdir(path.join(agentsDirectory, 'weather'), { recursive: true });
    await writeFile(path.join(agentsDirectory, 'weather', 'README.md'), '# Weather\n');
  });

  it('build_graph describes the app as Python serialize_app_info does, with the README', async () => {
    const response = await server.app.request('/dev/apps/weather/build_graph');
    expect(response.status).toBe(200);
    const info = (await json(response)) as Record<string, unknown>;
    expect(Object.keys(info)).toEqual(['name', 'root_agent', 'readme']);
    expect(info['name']).toBe('weather');
    expect(info['readme']).toBe('# Weather\n');
    expect(info['root_agent']).toMatchObject({
      name: 'weather_agent',
      description: '',
      sub_agents: [{ name: 'helper', sub_agents: [], tools: [] }],
      model: { model: 'scripted-llm' },
      tools: [{ name: 'get_weather', type: 'tool' }],
      disallow_transfer_to_parent: false,
      include_contents: 'default',
    });
    const pipeline = (await json(await server.app.request('/dev/apps/pipeline/build_graph'))) as {
      root_agent: { sub_agents: { name: string }[] };
      readme?: string;
    };
    expect(pipeline.root_agent.sub_agents.map((agent) => agent.name)).toEqual(['draft', 'review']);
    expect(pipeline.readme).toBeUndefined();
  });

  it('build_graph_image draws the agent tree per path, light by default, dark on request', async () => {
    const light = (await json(
      await server.app.request('/dev/apps/pipeline/build_graph_image'),
    )) as Record<string, { dotSrc: string }>;
    expect(Object.keys(light)).toEqual(['']);
    const graph = parseDot(light['']!.dotSrc);
    expect(graph.nodes.map((node) => node.id)).toEqual(['pipeline', 'draft', 'review']);
    expect(graph.edges.map((edge) => `${edge.from}->${edge.to}`)).toEqual([
      'pipeline->draft',
      'pipeline->review',
    ]);
    expect(light['']!.dotSrc).toContain('bgcolor="#F8FAFC"');
    const dark = (await json(
      await server.app.request('/dev/apps/pipeline/build_graph_image?dark_mode=true'),
    )) as Record<string, { dotSrc: string }>;
    expect(dark['']!.dotSrc).toContain('bgcolor="#0F172A"');
  });

  it('build_graph_image goes down to a node; {} for an agent without sub-agents; 404s', async () => {
    const weather = await server.app.request(
      '/dev/apps/weather/build_graph_image?node=weather_agent',
    );
    expect(Object.keys((await json(weather)) as object)).toEqual(['weather_agent']);
    const leaf = await server.app.request('/dev/apps/weather/build_graph_image?node=helper');
    expect(leaf.status).toBe(200);
    expect(await json(leaf)).toEqual({});
    const missing = await server.app.request('/dev/apps/weather/build_graph_image?node=nobody');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ detail: 'Node not found: nobody' });
    expect((await server.app.request('/dev/apps/nowhere/build_graph')).status).toBe(404);
    expect((await server.app.request('/dev/apps/bad-name!/build_graph_image')).status).toBe(400);
  });
});

it('a server created without `dev` serves none of these routes', async () => {
  for (const route of [
    '/dev/apps/weather/graph',
    '/dev/apps/weather/eval-sets',
    '/dev/apps/weather/debug/trace/session/traced',
    '/dev/apps/weather/build_graph',
    '/dev/apps/weather/build_graph_image',
  ]) {
    expect((await plain.app.request(route)).status).toBe(404);
  }
});
