import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../../agents/llm-agent.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import type { ReadonlyContext } from '../../context/readonly-context.js';
import { createEvent, type Event } from '../../events/event.js';
import { createLlmRequest, type LlmRequest } from '../../models/llm-request.js';
import { App } from '../../runner/app.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import type { BaseTool } from '../../tools/base-tool.js';
import { BaseToolset } from '../../tools/base-toolset.js';
import { FunctionTool } from '../../tools/function-tool.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { userText } from '../../testing/test-agents.js';
import { createTestInvocationContext } from '../../testing/test-invocation-context.js';
import type { Content, Tool } from '../../types/index.js';
import type { LlmAgentContract } from '../llm-agent-contract.js';
import type { LlmRequestProcessor } from '../llm-processor.js';
import { contextCacheRequestProcessor } from './context-cache.js';
import { createContextCacheConfig } from '../../context/app-configs.js';
import { interactionsRequestProcessor } from './interactions.js';

function tool(name: string): FunctionTool<undefined> {
  return new FunctionTool({ name, description: `${name} tool`, execute: () => ({ ok: name }) });
}

class CatalogToolset extends BaseToolset {
  calls = 0;
  override getTools(context?: ReadonlyContext): Promise<BaseTool[]> {
    this.calls += 1;
    return Promise.resolve(
      [tool('search'), tool('order'), tool('refund')].filter((candidate) =>
        this.isToolSelected(candidate, context),
      ),
    );
  }
}

async function run(agent: LlmAgent, messages: Content[], resumable = false): Promise<Event[][]> {
  const runner = new InMemoryRunner({
    app: new App({
      name: 'app',
      rootAgent: agent,
      ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
    }),
  });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const turns: Event[][] = [];
  for (const message of messages) {
    const events: Event[] = [];
    for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage: message }))
      events.push(event);
    turns.push(events);
  }
  return turns;
}

describe('tool registration (spec 000 §3.9)', () => {
  it('toolsets are resolved per request, filtered and prefixed, and their tools run', async () => {
    const toolset = new CatalogToolset({
      toolFilter: ['search', 'refund'],
      toolNamePrefix: 'shop',
    });
    const model = new ScriptedLlm({
      responses: [functionCallResponse('shop_refund', {}), textResponse('done')],
    });
    const [events] = await run(new LlmAgent({ name: 'a', model, tools: [toolset] }), [
      userText('refund please'),
    ]);
    const names = (model.requests[0]!.config.tools as Tool[])[0]!.functionDeclarations!.map(
      (declaration) => declaration.name,
    );
    expect(names).toEqual(['shop_search', 'shop_refund']);
    expect(events![1]!.content!.parts![0]!.functionResponse).toMatchObject({
      name: 'shop_refund',
      response: { ok: 'refund' },
    });
    expect(toolset.calls).toBe(2);
  });
});

describe('tool confirmation (spec 000 Appendix A #3; Python request_confirmation)', () => {
  it('a tool that needs confirmation asks, pauses, and runs once the user confirms', async () => {
    let transfers = 0;
    const transfer = new FunctionTool({
      name: 'transfer_money',
      description: 'Moves money.',
      parameters: z.object({ amount: z.number() }),
      requireConfirmation: true,
      execute: ({ amount }) => {
        transfers += 1;
        return { moved: amount };
      },
    });
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('transfer_money', { amount: 5 }),
        textResponse('Waiting for approval.'),
        textResponse('Moved 5.'),
      ],
    });
    const agent = new LlmAgent({ name: 'banker', model, tools: [transfer] });
    const runner = new InMemoryRunner({
      app: new App({ name: 'app', rootAgent: agent, resumabilityConfig: { isResumable: true } }),
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: userText('move 5'),
    }))
      first.push(event);
    expect(transfers).toBe(0);
    const request = first.find(
      (event) => event.content?.parts?.[0]?.functionCall?.name === 'adk_request_confirmation',
    )!;
    const confirmationCall = request.content!.parts![0]!.functionCall!;
    expect(request.longRunningToolIds).toEqual([confirmationCall.id]);
    expect(confirmationCall.args).toMatchObject({
      originalFunctionCall: { name: 'transfer_money', args: { amount: 5 } },
      toolConfirmation: { confirmed: false },
    });
    const second: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: {
        role: 'user',
        parts: [
          {
            functionResponse: {
              id: confirmationCall.id!,
              name: 'adk_request_confirmation',
              response: { confirmed: true },
            },
          },
        ],
      },
    })) {
      second.push(event);
    }
    expect(transfers).toBe(1);
    expect(second[0]!.content!.parts![0]!.functionResponse).toMatchObject({
      name: 'transfer_money',
      response: { moved: 5 },
    });
    expect(second.at(-2)!.content!.parts![0]!.text).toBe('Waiting for approval.');
  });
});

describe('context cache and interactions processors (spec 000 Appendix A #7, #8)', () => {
  it('without a cache config nothing is added; with one the request carries it and the latest metadata', async () => {
    const plain = await createTestInvocationContext();
    const request = createLlmRequest();
    await runProcessor(contextCacheRequestProcessor, plain, request);
    expect(request.cacheConfig).toBeUndefined();

    const cached = await createTestInvocationContext({
      contextCacheConfig: createContextCacheConfig({ cacheIntervals: 5, ttlSeconds: 600 }),
    });
    cached.session.events.push(
      createEvent({
        invocationId: 'e-0',
        author: 'root_agent',
        cacheMetadata: { cacheName: 'c1', fingerprint: 'f', invocationsUsed: 1, contentsCount: 2 },
        usageMetadata: { promptTokenCount: 900 },
      }),
    );
    const cachedRequest = createLlmRequest();
    await runProcessor(contextCacheRequestProcessor, cached, cachedRequest);
    expect(cachedRequest.cacheConfig).toEqual({ cacheIntervals: 5, ttlSeconds: 600, minTokens: 0 });
    expect(cachedRequest.cacheMetadata).toEqual({
      cacheName: 'c1',
      fingerprint: 'f',
      invocationsUsed: 2,
      contentsCount: 2,
    });
    expect(cachedRequest.cacheableContentsTokenCount).toBe(900);
  });

  it('only models using the Interactions API get the previous interaction id', async () => {
    const model = Object.assign(new ScriptedLlm({ responses: [] }), { useInteractionsApi: true });
    const agent = new LlmAgent({ name: 'root_agent', model });
    const context = await createTestInvocationContext({ agent });
    context.session.events.push(createEvent({ author: 'root_agent', interactionId: 'int-7' }));
    const request = createLlmRequest();
    await runProcessor(interactionsRequestProcessor, context, request);
    expect(request.previousInteractionId).toBe('int-7');
    const plainContext = await createTestInvocationContext({
      agent: new LlmAgent({ name: 'root_agent', model: new ScriptedLlm({ responses: [] }) }),
    });
    plainContext.session.events.push(createEvent({ author: 'root_agent', interactionId: 'int-7' }));
    const plainRequest = createLlmRequest();
    await runProcessor(interactionsRequestProcessor, plainContext, plainRequest);
    expect(plainRequest.previousInteractionId).toBeUndefined();
  });
});

/** Runs a request processor as the flow does, for the agent of `context`. */
async function runProcessor(
  processor: LlmRequestProcessor,
  context: InvocationContext,
  request: LlmRequest,
): Promise<void> {
  for await (const _event of processor.runAsync(
    context,
    request,
    context.agent as LlmAgentContract,
  ));
}
