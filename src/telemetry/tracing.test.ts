import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { runOnce } from '../testing/run-once.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { StoredSpan } from './recording-span.js';
import { InMemorySpanStore, registerSpanStore } from './span-store.js';
import { ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS } from './trace-attributes.js';

const store = new InMemorySpanStore();

beforeAll(() => {
  trace.disable();
  expect(registerSpanStore(store)).toBe(true);
});
afterAll(() => trace.disable());
afterEach(() => {
  store.clear();
  delete process.env[ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS];
});

function addTool() {
  return new FunctionTool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => ({ sum: a + b }),
  });
}

function calculator(responses: ConstructorParameters<typeof ScriptedLlm>[0]['responses']) {
  return new LlmAgent({
    name: 'calculator',
    description: 'Adds numbers.',
    model: new ScriptedLlm({ model: 'scripted-model', responses }),
    tools: [addTool()],
  });
}

function byName(spans: readonly StoredSpan[], name: string): StoredSpan[] {
  return spans.filter((span) => span.name === name);
}

function only(spans: readonly StoredSpan[], name: string): StoredSpan {
  const found = byName(spans, name);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('ADK spans (adk-python telemetry/tracing.py)', () => {
  it('records invocation → invoke_agent → call_llm → execute_tool with Python attributes', async () => {
    const agent = calculator([
      functionCallResponse('add', { a: 2, b: 3 }),
      textResponse('5', {
        usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 2 },
        finishReason: 'STOP' as never,
      }),
    ]);
    const { events, runner } = await runOnce(agent, { message: 'add 2 and 3' });
    const spans = store.getSessionSpans('s');
    expect(spans.map((span) => span.name).sort()).toEqual([
      'call_llm',
      'call_llm',
      'execute_tool add',
      'invocation',
      'invoke_agent calculator',
    ]);
    const invocation = only(spans, 'invocation');
    const agentSpan = only(spans, 'invoke_agent calculator');
    const [firstCall, secondCall] = byName(spans, 'call_llm');
    const tool = only(spans, 'execute_tool add');
    expect(invocation.parentSpanId).toBeUndefined();
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(agentSpan.parentSpanId).toBe(invocation.spanId);
    expect(firstCall!.parentSpanId).toBe(agentSpan.spanId);
    expect(secondCall!.parentSpanId).toBe(agentSpan.spanId);
    expect(tool.parentSpanId).toBe(firstCall!.spanId);
    for (const span of spans) expect(span.endTime).toBeGreaterThanOrEqual(span.startTime);

    expect(agentSpan.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'calculator',
      'gen_ai.agent.description': 'Adds numbers.',
      'gen_ai.conversation.id': 's',
    });

    const [callEvent, responseEvent, answerEvent] = events;
    expect(firstCall!.attributes).toMatchObject({
      'gen_ai.system': 'gcp.vertex.agent',
      'gen_ai.request.model': 'scripted-model',
      'gcp.vertex.agent.invocation_id': callEvent!.invocationId,
      'gcp.vertex.agent.session_id': 's',
      'gcp.vertex.agent.event_id': callEvent!.id,
    });
    const request = JSON.parse(String(firstCall!.attributes['gcp.vertex.agent.llm_request'])) as {
      model: string;
      contents: { parts: { text?: string }[] }[];
      config: { tools: { functionDeclarations: { name: string }[] }[] };
    };
    expect(request.model).toBe('scripted-model');
    expect(request.contents[0]!.parts[0]!.text).toBe('add 2 and 3');
    expect(request.config.tools[0]!.functionDeclarations[0]!.name).toBe('add');
    expect(
      JSON.parse(String(firstCall!.attributes['gcp.vertex.agent.llm_response'])),
    ).toMatchObject({ content: { parts: [{ functionCall: { name: 'add' } }] } });
    expect(secondCall!.attributes).toMatchObject({
      'gcp.vertex.agent.event_id': answerEvent!.id,
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 2,
      'gen_ai.response.finish_reasons': ['stop'],
    });

    const callId = callEvent!.content!.parts![0]!.functionCall!.id!;
    expect(tool.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'add',
      'gen_ai.tool.description': 'Adds two numbers.',
      'gen_ai.tool.type': 'FunctionTool',
      'gen_ai.tool.call.id': callId,
      'gcp.vertex.agent.event_id': responseEvent!.id,
      'gcp.vertex.agent.llm_request': '{}',
      'gcp.vertex.agent.llm_response': '{}',
    });
    expect(JSON.parse(String(tool.attributes['gcp.vertex.agent.tool_call_args']))).toEqual({
      a: 2,
      b: 3,
    });
    expect(JSON.parse(String(tool.attributes['gcp.vertex.agent.tool_response']))).toEqual({
      sum: 5,
    });

    expect(store.getEventSpan(callEvent!.id)).toBe(firstCall);
    expect(store.getEventSpan(responseEvent!.id)).toBe(tool);
    expect(store.getEventSpan(answerEvent!.id)).toBe(secondCall);
    await runner.close();
  });

  it('nests a transferred-to agent under the model call that transferred', async () => {
    const helper = new LlmAgent({
      name: 'helper',
      model: new ScriptedLlm({ responses: [textResponse('done')] }),
    });
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm({
        responses: [functionCallResponse('transfer_to_agent', { agent_name: 'helper' })],
      }),
      subAgents: [helper],
    });
    await runOnce(root);
    const spans = store.getSessionSpans('s');
    const transferCall = byName(spans, 'call_llm').find(
      (span) => span.parentSpanId === only(spans, 'invoke_agent root').spanId,
    );
    expect(only(spans, 'execute_tool transfer_to_agent').parentSpanId).toBe(transferCall!.spanId);
    expect(only(spans, 'invoke_agent helper').parentSpanId).toBe(transferCall!.spanId);
  });

  it('marks the spans of a failing tool and of the run it fails as errors', async () => {
    const failing = new FunctionTool({
      name: 'explode',
      description: 'Fails.',
      parameters: z.object({}),
      execute: () => {
        throw new RangeError('boom');
      },
    });
    const agent = new LlmAgent({
      name: 'fragile',
      model: new ScriptedLlm({ responses: [functionCallResponse('explode')] }),
      tools: [failing],
    });
    await expect(runOnce(agent)).rejects.toThrow('boom');
    const spans = store.getSessionSpans('s');
    const tool = only(spans, 'execute_tool explode');
    expect(tool.statusCode).toBe(2);
    expect(tool.attributes).toMatchObject({
      'exception.type': 'RangeError',
      'exception.message': 'boom',
    });
    expect(only(spans, 'invocation').statusCode).toBe(2);
    expect(spans.every((span) => span.endTime >= span.startTime)).toBe(true);
  });

  it('leaves prompts and results out when ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS=false', async () => {
    process.env[ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS] = 'false';
    await runOnce(calculator([functionCallResponse('add', { a: 1, b: 1 }), textResponse('2')]));
    const spans = store.getSessionSpans('s');
    for (const span of byName(spans, 'call_llm')) {
      expect(span.attributes['gcp.vertex.agent.llm_request']).toBe('{}');
      expect(span.attributes['gcp.vertex.agent.llm_response']).toBe('{}');
    }
    expect(only(spans, 'execute_tool add').attributes['gcp.vertex.agent.tool_call_args']).toBe(
      '{}',
    );
  });
});

describe('InMemorySpanStore', () => {
  it('keeps at most maxSpans, dropping the oldest, with its indexes in step', () => {
    const small = new InMemorySpanStore({ maxSpans: 10 });
    const tracer = small.getTracer();
    for (let index = 0; index < 25; index++) {
      const span = tracer.startSpan('call_llm', {
        attributes: {
          'gcp.vertex.agent.event_id': `event-${index}`,
          'gcp.vertex.agent.session_id': `session-${index}`,
        },
      });
      span.end();
    }
    const kept = small.getAllSpans();
    expect(kept.length).toBeLessThanOrEqual(10);
    expect(kept.at(-1)!.attributes['gcp.vertex.agent.event_id']).toBe('event-24');
    expect(small.getEventSpan('event-0')).toBeUndefined();
    expect(small.getSessionSpans('session-0')).toEqual([]);
    expect(small.getEventSpan('event-24')).toBe(kept.at(-1));
  });

  it('rejects a bound that is not a positive integer', () => {
    expect(() => new InMemorySpanStore({ maxSpans: 0 })).toThrow(/maxSpans/);
  });

  it('does not register over a provider already registered', () => {
    expect(registerSpanStore(new InMemorySpanStore())).toBe(false);
  });

  it('parents a span under the span of the context it is given', () => {
    const tracer = store.getTracer();
    const parent = tracer.startSpan('parent');
    const child = tracer.startSpan('child', {}, trace.setSpan(ROOT_CONTEXT, parent));
    child.end();
    parent.end();
    const spans = store.getAllSpans();
    expect(spans.find((span) => span.name === 'child')!.parentSpanId).toBe(
      parent.spanContext().spanId,
    );
  });
});
