import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { Event } from '../events/event.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { runLiveFlow } from './live-flow.js';

async function drain(
  stream: AsyncGenerator<Event, void, undefined>,
  onEvent: (event: Event) => void = () => undefined,
): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of stream) {
    events.push(event);
    onEvent(event);
  }
  return events;
}

async function liveRun() {
  const model = new ScriptedLiveLlm({ turns: [[{ turnComplete: true }]] });
  const agent = new LlmAgent({ name: 'live_agent', model });
  const queue = new LiveRequestQueue();
  const context = await createTestInvocationContext({ agent, liveRequestQueue: queue });
  return { model, agent, queue, context };
}

describe("LiveRequest's stateDelta and audioStreamEnd in a live run", () => {
  it("applies a state delta on the user's content event", async () => {
    const { agent, queue, context } = await liveRun();
    queue.send({ content: { parts: [{ text: 'I am Ana' }] }, stateDelta: { name: 'Ana' } });
    const yielded = await drain(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (event.turnComplete) queue.close();
    });

    const stored = await context.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    expect(stored?.state).toMatchObject({ name: 'Ana' });
    const userEvents = stored?.events.filter((event) => event.author === 'user') ?? [];
    expect(userEvents).toHaveLength(1);
    expect(userEvents[0]?.content?.parts?.[0]?.text).toBe('I am Ana');
    expect(userEvents[0]?.actions.stateDelta).toEqual({ name: 'Ana' });
    expect(yielded.some((event) => event.author === 'user')).toBe(false);
  });

  it('applies a state delta without content, or with partial content, on an event of its own', async () => {
    const { model, agent, queue, context } = await liveRun();
    queue.send({ stateDelta: { mood: 'happy' }, audioStreamEnd: true });
    await drain(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (!event.turnComplete) return;
      queue.send({ content: { parts: [{ text: 'pi' }] }, partial: true, stateDelta: { step: 2 } });
      queue.close();
    });

    const stored = await context.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    expect(stored?.state).toMatchObject({ mood: 'happy', step: 2 });
    const deltas = stored?.events.map((event) => [
      event.author,
      event.content,
      event.actions.stateDelta,
    ]);
    expect(deltas).toContainEqual(['user', undefined, { mood: 'happy' }]);
    expect(deltas).toContainEqual(['user', undefined, { step: 2 }]);
    expect(model.connections[0]?.contents).toEqual([{ role: 'user', parts: [{ text: 'pi' }] }]);
  });

  it('sends audioStreamEnd as realtime input, and only the first realtime field of a request', async () => {
    const { model, agent, queue, context } = await liveRun();
    queue.sendAudioStreamEnd();
    await drain(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (!event.turnComplete) return;
      // Python's priority: activity start, activity end, audio stream end, blob.
      queue.send({
        activityEnd: {},
        audioStreamEnd: true,
        blob: { data: 'AA', mimeType: 'audio/pcm' },
      });
      queue.send({ audioStreamEnd: true, blob: { data: 'AA', mimeType: 'audio/pcm' } });
      queue.close();
    });
    expect(model.connections[0]?.realtimeInputs).toEqual([
      { audioStreamEnd: true },
      { activityEnd: {} },
      { audioStreamEnd: true },
    ]);
    expect(queue.closed).toBe(true);
  });
});
