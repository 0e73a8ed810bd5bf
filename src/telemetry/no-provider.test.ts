import { trace, type Context } from '@opentelemetry/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { runOnce } from '../testing/run-once.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { startAdkSpan } from './adk-tracer.js';

beforeAll(() => trace.disable());

// The invocation context is protected on callback and tool contexts; the test reads it anyway.
function traceContextOf(context: object): Context | undefined {
  return (Reflect.get(context, 'invocationContext') as InvocationContext).traceContext;
}

describe('ADK spans without an OpenTelemetry SDK', () => {
  it('do not record, and runs carry no trace context', async () => {
    expect(startAdkSpan('call_llm', undefined).isRecording()).toBe(false);
    const seen: (Context | undefined)[] = [];
    const agent = new LlmAgent({
      name: 'calculator',
      model: new ScriptedLlm({
        responses: [functionCallResponse('add', { a: 1, b: 1 }), textResponse('2')],
      }),
      tools: [
        new FunctionTool({
          name: 'add',
          description: 'Adds.',
          parameters: z.object({ a: z.number(), b: z.number() }),
          execute: ({ a, b }, context) => {
            seen.push(traceContextOf(context));
            return a + b;
          },
        }),
      ],
      beforeModelCallback: ({ context }) => {
        seen.push(traceContextOf(context));
      },
    });
    const { events } = await runOnce(agent);
    expect(events).toHaveLength(3);
    expect(seen).toEqual([undefined, undefined, undefined]);
  });
});
