import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from './in-memory-runner.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';

// A client answers a long-running call inside the live session (the dev UI's
// answer form while live): the answer goes to the model as content and is
// stored as the user's, as runAsync stores the function response of its new message.

const ids = { appName: 'app', userId: 'u', sessionId: 's' };

describe('answering a long-running call in a live run', () => {
  it("sends the client's function response to the model and stores it once", async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('ask_approval', { action: 'deploy' }, 'call-1')],
        [textResponse('Approved, deploying.'), { turnComplete: true }],
      ],
      responseModalities: ['TEXT'],
    });
    const agent = new LlmAgent({
      name: 'live_agent',
      model,
      tools: [
        new LongRunningFunctionTool({
          name: 'ask_approval',
          description: 'Asks a human to approve an action.',
          parameters: z.object({ action: z.string() }),
          execute: () => undefined,
        }),
      ],
    });
    const runner = new InMemoryRunner({ agent, appName: ids.appName });
    await runner.sessionService.createSession(ids);
    const queue = new LiveRequestQueue();
    queue.sendContent({ role: 'user', parts: [{ text: 'Deploy please' }] });
    const answer = {
      role: 'user',
      parts: [{ functionResponse: { id: 'call-1', name: 'ask_approval', response: { ok: true } } }],
    };
    const events: Event[] = [];
    for await (const event of runner.runLive({
      ...ids,
      liveRequestQueue: queue,
      runConfig: { responseModalities: ['TEXT'] },
    })) {
      events.push(event);
      if (event.longRunningToolIds?.includes('call-1')) queue.sendContent(answer);
      if (event.turnComplete) queue.close();
    }

    expect(model.connections[0]?.contents).toEqual([
      { role: 'user', parts: [{ text: 'Deploy please' }] },
      answer,
    ]);
    const stored = (await runner.sessionService.getSession(ids))!.events;
    const answers = stored.filter((event) =>
      event.content?.parts?.some((part) => part.functionResponse?.id === 'call-1'),
    );
    expect(answers.map((event) => [event.author, event.content])).toEqual([['user', answer]]);
    expect(stored.at(-2)?.content?.parts?.[0]?.text).toBe('Approved, deploying.');
    expect(events.some((event) => event.author === 'user')).toBe(false);
  });
});
