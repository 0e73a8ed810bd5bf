import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { createRunConfig } from '../context/run-config.js';
import { LiveConnectionClosedError } from '../errors/live-connection-closed-error.js';
import { ModelApiError } from '../errors/model-api-error.js';
import type { Event } from '../events/event.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import {
  forgetLiveSession,
  isResumableLiveFailure,
  noteLiveSessionUpdate,
} from './live-connection.js';
import { runLiveFlow } from './live-flow.js';

const closed = (closeCode: number) =>
  new LiveConnectionClosedError({ provider: 'gemini', model: 'm', closeCode });

describe('live session resumption helpers (adk-python base_llm_flow.py run_live)', () => {
  it('only a dropped connection (close 1000, 1006, 1011) is worth resuming', () => {
    expect([1000, 1006, 1011].map((code) => isResumableLiveFailure(closed(code)))).toEqual([
      true,
      true,
      true,
    ]);
    expect(isResumableLiveFailure(closed(1008))).toBe(false);
    expect(isResumableLiveFailure(closed(1007))).toBe(false);
    const other = new ModelApiError({ provider: 'gemini', model: 'm', message: 'HTTP failure' });
    expect(isResumableLiveFailure(other)).toBe(false);
    expect(ModelApiError.isInstance(closed(1006))).toBe(true);
  });

  it('a resumption update replaces the handle (cleared when not resumable); goAway asks for a new connection', async () => {
    const context = await createTestInvocationContext();
    expect(
      noteLiveSessionUpdate(context, { liveSessionResumptionUpdate: { newHandle: 'h1' } }),
    ).toBe(false);
    expect(context.liveSessionResumptionHandle).toBe('h1');
    expect(context.copy().liveSessionResumptionHandle).toBe('h1');
    noteLiveSessionUpdate(context, { liveSessionResumptionUpdate: { resumable: false } });
    expect(context.liveSessionResumptionHandle).toBeUndefined();
    expect(noteLiveSessionUpdate(context, { goAway: { timeLeft: '1s' } })).toBe(true);
  });

  it('forgetLiveSession drops the handle and the run config’s, without changing the caller’s config', async () => {
    const runConfig = createRunConfig({
      sessionResumption: { handle: 'given', transparent: true },
    });
    const context = await createTestInvocationContext({ runConfig });
    context.liveSessionResumptionHandle = 'h1';
    forgetLiveSession(context);
    expect(context.liveSessionResumptionHandle).toBeUndefined();
    expect(context.runConfig.sessionResumption).toEqual({ transparent: true });
    expect(runConfig.sessionResumption).toEqual({ handle: 'given', transparent: true });
  });

  it('the agent transferred to opens a session of its own, without the parent’s handle', async () => {
    const rootModel = new ScriptedLiveLlm({
      turns: [
        [
          { liveSessionResumptionUpdate: { newHandle: 'root-handle', resumable: true } },
          functionCallResponse('transfer_to_agent', { agent_name: 'weather_agent' }),
        ],
      ],
    });
    const subModel = new ScriptedLiveLlm({
      turns: [[textResponse('Weather here.'), { turnComplete: true }]],
    });
    const weatherAgent = new LlmAgent({ name: 'weather_agent', model: subModel });
    const root = new LlmAgent({ name: 'root', model: rootModel, subAgents: [weatherAgent] });
    const queue = new LiveRequestQueue();
    const context = await createTestInvocationContext({
      agent: root,
      liveRequestQueue: queue,
      runConfig: createRunConfig({ sessionResumption: { handle: 'earlier-session' } }),
    });
    queue.sendContent({ role: 'user', parts: [{ text: 'hi' }] });
    const events: Event[] = [];
    for await (const event of runLiveFlow(root.llmFlow, context, root)) {
      events.push(event);
      if (event.actions.transferToAgent)
        queue.sendContent({ role: 'user', parts: [{ text: 'hi' }] });
      if (event.turnComplete) queue.close();
    }

    expect(rootModel.requests[0]?.liveConnectConfig.sessionResumption).toEqual({
      handle: 'earlier-session',
    });
    expect(subModel.requests[0]?.liveConnectConfig.sessionResumption).toEqual({});
    expect(context.liveSessionResumptionHandle).toBeUndefined();
    expect(events.at(-2)).toMatchObject({ author: 'weather_agent' });
  });
});
