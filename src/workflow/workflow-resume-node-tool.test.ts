import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionNode } from './function-node.js';
import { NodeTool } from './node-tool.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { ids, outputsByPath, runWorkflow } from './workflow-run-test-fixtures.js';
import { RequestInput } from './request-input.js';
import { createRequestInputResponse } from './request-input-event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Event } from '../events/event.js';
import { getFunctionResponses } from '../events/event-predicates.js';
import { InvocationNotResumableError } from '../errors/invocation-not-resumable-error.js';
import type { Part } from '../types/index.js';

const Order = z.object({ item: z.string() });

describe('An interrupt answered inside its own run (issue 17 §5, _node_runner.py _track_event_in_context)', () => {
  it.each([false, true])(
    'a NodeTool call answered by its own response does not leave the agent node waiting (resumable: %s)',
    async (resumable) => {
      const order = new FunctionNode('place_order', () => ({ orderId: 7 }), {
        inputSchema: Order,
      });
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('place_order', { item: 'tea' }, 'call-1'),
          textResponse('Order 7 placed.'),
        ],
      });
      const clerk = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(order)] });
      const after = new FunctionNode('after', (_ctx, input: unknown) => `after: ${String(input)}`);
      const run = await runWorkflow(new Workflow({ name: 'wf', edges: [[START, clerk, after]] }), {
        resumable,
      });
      expect(run.error).toBeUndefined();
      expect(outputsByPath(run.events)).toContainEqual(['wf@1/after@1', 'after: Order 7 placed.']);
      expect(run.events.at(-1)?.longRunningToolIds).toBeUndefined();
    },
  );
});

describe('A NodeTool whose node asked for input resumes in a resumable app (invocation_context.py should_pause_invocation sub-branch rule, _node_tool.py)', () => {
  it("the user's answer to the inner node resumes the agent's pending call, whose response the model then sees", async () => {
    const approve = new FunctionNode(
      'approve',
      () => new RequestInput({ interruptId: 'ok', message: 'Approve the order?' }),
      { inputSchema: Order },
    );
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('approve', { item: 'tea' }, 'call-1'),
        textResponse('Approved.'),
      ],
    });
    const clerk = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(approve)] });
    const runner = new InMemoryRunner({
      agent: new Workflow({ name: 'wf', edges: [[START, clerk]] }),
      appName: ids.appName,
      resumabilityConfig: { isResumable: true },
    });
    await runner.sessionService.createSession(ids);
    const turn = async (parts: Part[]): Promise<Event[]> => {
      const events: Event[] = [];
      for await (const event of runner.runAsync({
        userId: ids.userId,
        sessionId: ids.sessionId,
        newMessage: { role: 'user', parts },
      })) {
        events.push(event);
      }
      return events;
    };

    const first = await turn([{ text: 'order tea' }]);
    expect(first.flatMap((event) => event.longRunningToolIds ?? [])).toEqual(['call-1', 'ok']);
    expect(model.requests).toHaveLength(1);

    const second = await turn([createRequestInputResponse('ok', { result: 'yes' })]);
    const response = second.find((event) => getFunctionResponses(event).length > 0);
    expect(getFunctionResponses(response!)[0]).toMatchObject({
      id: 'call-1',
      name: 'approve',
      response: { result: 'yes' },
    });
    expect(outputsByPath(second)).toContainEqual(['wf@1/clerk@1', 'Approved.']);
    expect(model.requests).toHaveLength(2);
    const lastTurns = model.requests[1]!.contents.slice(-2);
    expect(lastTurns.map((content) => content.parts?.map((part) => Object.keys(part)[0]))).toEqual([
      ['functionCall'],
      ['functionResponse'],
    ]);
  });
});

describe('A NodeTool whose node asked for input, in an app that is not resumable (_resume_utils.py decide_step_resume: no pending-call replay unless resumable)', () => {
  it('the answer fails the agent node with InvocationNotResumableError instead of leaving it waiting', async () => {
    const approve = new FunctionNode(
      'approve',
      () => new RequestInput({ interruptId: 'ok', message: 'Approve the order?' }),
      { inputSchema: Order },
    );
    const model = new ScriptedLlm({
      responses: [
        functionCallResponse('approve', { item: 'tea' }, 'call-1'),
        textResponse('Approved.'),
      ],
    });
    const clerk = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(approve)] });
    const runner = new InMemoryRunner({
      agent: new Workflow({ name: 'wf', edges: [[START, clerk]] }),
      appName: ids.appName,
    });
    await runner.sessionService.createSession(ids);
    const events: Event[] = [];
    const turn = async (parts: Part[]): Promise<unknown> => {
      try {
        for await (const event of runner.runAsync({
          userId: ids.userId,
          sessionId: ids.sessionId,
          newMessage: { role: 'user', parts },
        })) {
          events.push(event);
        }
        return undefined;
      } catch (error) {
        return error;
      }
    };

    expect(await turn([{ text: 'order tea' }])).toBeUndefined();
    expect(events.flatMap((event) => event.longRunningToolIds ?? [])).toEqual(['call-1', 'ok']);
    events.length = 0;

    const error = await turn([createRequestInputResponse('ok', { result: 'yes' })]);
    expect(InvocationNotResumableError.isInstance(error)).toBe(true);
    const failure = events.find((event) => event.errorCode !== undefined);
    expect(failure?.errorCode).toBe('InvocationNotResumableError');
    expect(failure?.nodeInfo?.path).toBe('wf@1/clerk@1');
    expect(failure?.errorMessage).toContain("'call-1'");
    expect(failure?.errorMessage).toContain('isResumable');
    expect(events.flatMap((event) => event.longRunningToolIds ?? [])).toEqual([]);
    expect(model.requests).toHaveLength(1);
  });

  it.each([false, true])(
    'the same when the agent is a child a node started with ctx.runNode (resumable: %s): the caller fails with it, or resumes',
    async (resumable) => {
      const approve = new FunctionNode(
        'approve',
        () => new RequestInput({ interruptId: 'ok', message: 'Approve the order?' }),
        { inputSchema: Order },
      );
      const model = new ScriptedLlm({
        responses: [
          functionCallResponse('approve', { item: 'tea' }, 'call-1'),
          textResponse('Approved.'),
        ],
      });
      const clerk = new LlmAgent({ name: 'clerk', model, tools: [new NodeTool(approve)] });
      const caller = new FunctionNode(
        'caller',
        async (ctx) => ctx.runNode(clerk, 'order tea', { raiseOnWait: true }),
        { rerunOnResume: true },
      );
      const runner = new InMemoryRunner({
        agent: new Workflow({ name: 'wf', edges: [[START, caller]] }),
        appName: ids.appName,
        ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
      });
      await runner.sessionService.createSession(ids);
      const events: Event[] = [];
      const turn = async (parts: Part[]): Promise<unknown> => {
        try {
          for await (const event of runner.runAsync({
            userId: ids.userId,
            sessionId: ids.sessionId,
            newMessage: { role: 'user', parts },
          })) {
            events.push(event);
          }
          return undefined;
        } catch (error) {
          return error;
        }
      };

      expect(await turn([{ text: 'go' }])).toBeUndefined();
      expect(events.flatMap((event) => event.longRunningToolIds ?? [])).toContain('ok');
      events.length = 0;

      const error = await turn([createRequestInputResponse('ok', { result: 'yes' })]);
      if (resumable) {
        expect(error).toBeUndefined();
        expect(outputsByPath(events)).toContainEqual(['wf@1/caller@1', 'Approved.']);
        expect(model.requests).toHaveLength(2);
        return;
      }
      expect(InvocationNotResumableError.isInstance(error)).toBe(true);
      const failure = events.find((event) => event.errorCode !== undefined);
      expect(failure?.errorCode).toBe('InvocationNotResumableError');
      expect(failure?.nodeInfo?.path).toBe('wf@1/caller@1');
      expect(failure?.errorMessage).toContain("'wf@1/caller@1/clerk@1'");
      expect(model.requests).toHaveLength(1);
    },
  );
});
