import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { eventToCamelCaseJson, eventToSnakeCaseJson } from '../events/event-json.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionNode } from './function-node.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { ids, runWorkflow } from './workflow-run-test-fixtures.js';
import { RequestInput } from './request-input.js';
import { createRequestInputResponse } from './request-input-event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Part } from '../types/index.js';

describe('An LlmAgent node stores its reply once (runners.py _consume_event_queue, message_as_output)', () => {
  it('the reply event carries the text as content only: no output field in the event or its JSON', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('A poem about tea.')] });
    const writer = new LlmAgent({ name: 'writer', model });
    const seen: unknown[] = [];
    const after = new FunctionNode('after', (_ctx, input: unknown) => {
      seen.push(input);
    });
    const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, writer, after]] }));
    expect(run.error).toBeUndefined();
    // The next node still gets the reply text as its input.
    expect(seen).toEqual(['A poem about tea.']);
    const nodeInfo = {
      path: 'wf@1/writer@1',
      outputFor: ['wf@1/writer@1'],
      messageAsOutput: true,
    };
    for (const events of [run.events, run.stored]) {
      const reply = events.find((event) => event.author === 'writer' && event.content);
      expect(reply).toBeDefined();
      expect(reply).not.toHaveProperty('output');
      expect(reply?.nodeInfo).toEqual(nodeInfo);
      const camel = eventToCamelCaseJson(reply!);
      expect(camel).not.toHaveProperty('output');
      expect(camel['nodeInfo']).toEqual(nodeInfo);
      const snake = eventToSnakeCaseJson(reply!);
      expect(snake).not.toHaveProperty('output');
      expect(snake['node_info']).toEqual({
        path: 'wf@1/writer@1',
        output_for: ['wf@1/writer@1'],
        message_as_output: true,
      });
    }
  });

  it('a terminal agent node: the reply is the workflow output too, still stored once', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('Done.')] });
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, new LlmAgent({ name: 'writer', model })]] }),
    );
    expect(run.error).toBeUndefined();
    const texts = run.stored.filter((event) =>
      event.content?.parts?.some((part) => part.text === 'Done.'),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]).not.toHaveProperty('output');
    expect(texts[0]!.nodeInfo).toEqual({
      path: 'wf@1/writer@1',
      outputFor: ['wf@1/writer@1', 'wf@1'],
      messageAsOutput: true,
    });
    expect(run.stored.some((event) => event.output === 'Done.')).toBe(false);
  });
});

describe('A dynamic LlmAgent child replays its reply stored once (_rehydration_utils.py _process_content_object)', () => {
  it('a rerun caller gets the recorded reply text without calling the model again', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('Tea is ready.')] });
    const writer = new LlmAgent({ name: 'writer', model });
    const replies: unknown[] = [];
    const outer = new FunctionNode(
      'outer',
      async (ctx) => {
        replies.push(await ctx.runNode(writer, 'make tea'));
        if (Object.keys(ctx.resumeInputs).length === 0) {
          return new RequestInput({ interruptId: 'ok', message: 'Serve?' });
        }
        return 'served';
      },
      { rerunOnResume: true },
    );
    const runner = new InMemoryRunner({
      agent: new Workflow({ name: 'wf', edges: [[START, outer]] }),
      appName: ids.appName,
      resumabilityConfig: { isResumable: true },
    });
    await runner.sessionService.createSession(ids);
    const turn = async (parts: Part[]) => {
      for await (const event of runner.runAsync({
        userId: ids.userId,
        sessionId: ids.sessionId,
        newMessage: { role: 'user', parts },
      }))
        void event;
    };
    await turn([{ text: 'go' }]);
    await turn([createRequestInputResponse('ok', { result: 'yes' })]);
    expect(replies).toEqual(['Tea is ready.', 'Tea is ready.']);
    expect(model.requests).toHaveLength(1);
  });
});
