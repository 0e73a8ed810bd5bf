import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Event } from '../events/event.js';
import { isFinalResponse } from '../events/event-predicates.js';
import { App } from '../runner/app.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { FunctionTool } from '../tools/function-tool.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import type { Content } from '../types/index.js';
import { LlmAgent } from './llm-agent.js';
import { SequentialAgent } from './sequential-agent.js';

function setUp(resumable: boolean, { pendingStatus = true }: { pendingStatus?: boolean } = {}) {
  const approvals: Record<string, unknown>[] = [];
  const askForApproval = new LongRunningFunctionTool({
    name: 'ask_for_approval',
    description: 'Asks a manager to approve.',
    parameters: z.object({ amount: z.number() }),
    execute: (args) => {
      approvals.push(args);
      return pendingStatus ? { status: 'pending', ticket: 'T-1' } : undefined;
    },
  });
  const model = new ScriptedLlm({
    responses: [
      functionCallResponse('ask_for_approval', { amount: 120 }),
      textResponse('Your request is pending approval.'),
      textResponse('Approved: reimbursing 120.'),
    ],
  });
  const agent = new LlmAgent({ name: 'reimbursement_agent', model, tools: [askForApproval] });
  const runner = new InMemoryRunner({
    app: new App({
      name: 'app',
      rootAgent: agent,
      ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
    }),
  });
  return { runner, model, approvals };
}

async function collect(runner: InMemoryRunner, message: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage: message }))
    events.push(event);
  return events;
}

function answer(id: string): Content {
  return {
    role: 'user',
    parts: [
      { functionResponse: { id, name: 'ask_for_approval', response: { status: 'approved' } } },
    ],
  };
}

describe('long-running tools (spec 000 §10.2, spec 003 §19)', () => {
  it('a resumable app pauses on a call left unanswered and resumes with its answer (Python 2.x should_pause_invocation)', async () => {
    const { runner, model, approvals } = setUp(true, { pendingStatus: false });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first = await collect(runner, userText('Reimburse 120'));
    const call = first[0]!;
    const callId = call.content!.parts![0]!.functionCall!.id!;
    expect(call.longRunningToolIds).toEqual([callId]);
    expect(first).toHaveLength(1);
    expect(model.requests).toHaveLength(1);
    expect(approvals).toEqual([{ amount: 120 }]);

    const second = await collect(runner, answer(callId));
    expect(second.map((event) => event.invocationId)).toEqual(second.map(() => call.invocationId));
    expect(second.at(-2)!.content!.parts![0]!.text).toBe('Your request is pending approval.');
    expect(second.at(-1)!.actions.endOfAgent).toBe(true);
    // The model sees the call with the user's answer.
    const contents = model.requests[1]!.contents;
    expect(contents.at(-2)).toEqual({
      role: 'model',
      parts: [{ functionCall: { name: 'ask_for_approval', args: { amount: 120 } } }],
    });
    expect(contents.at(-1)).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'ask_for_approval', response: { status: 'approved' } } }],
    });
  });

  it('a resumable app does not pause on a long-running call its tool answered (Python 2.x execute_tools: only pending calls interrupt)', async () => {
    const { runner, model } = setUp(true);
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first = await collect(runner, userText('Reimburse 120'));
    expect(model.requests).toHaveLength(2);
    expect(first.at(-2)!.content!.parts![0]!.text).toBe('Your request is pending approval.');
    expect(first.at(-1)!.actions.endOfAgent).toBe(true);
  });

  it('without resumability the loop goes on after the pending response', async () => {
    const { runner, model } = setUp(false);
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first = await collect(runner, userText('Reimburse 120'));
    expect(first.at(-1)!.content!.parts![0]!.text).toBe('Your request is pending approval.');
    expect(model.requests).toHaveLength(2);
    const callId = first[0]!.content!.parts![0]!.functionCall!.id!;
    const second = await collect(runner, answer(callId));
    expect(second.at(-1)!.content!.parts![0]!.text).toBe('Approved: reimbursing 120.');
    expect(second[0]!.invocationId).not.toBe(first[0]!.invocationId);
  });
});

describe('the resume window: a final answer stored, the end-of-agent mark not (spec 000 §10.2)', () => {
  function tree() {
    const lookups: string[] = [];
    const lookUp = new FunctionTool({
      name: 'look_up',
      description: 'Looks a word up.',
      parameters: z.object({ word: z.string() }),
      execute: ({ word }) => {
        lookups.push(word);
        return { meaning: `meaning of ${word}` };
      },
    });
    const model = new ScriptedLlm({
      responses: (request) =>
        request.contents.at(-1)?.parts?.some((part) => part.functionResponse)
          ? textResponse('It means something.')
          : functionCallResponse('look_up', { word: 'adk' }),
    });
    const definer = new LlmAgent({ name: 'definer', model, tools: [lookUp] });
    const summarizer = new LlmAgent({
      name: 'summarizer',
      model: new ScriptedLlm({ responses: [textResponse('Summary.')] }),
    });
    const runner = new InMemoryRunner({
      app: new App({
        name: 'app',
        rootAgent: new SequentialAgent({ name: 'flow', subAgents: [definer, summarizer] }),
        resumabilityConfig: { isResumable: true },
      }),
    });
    return { runner, model, lookups };
  }

  /** Runs until `stopAfter` has been stored and yielded, then stops, as a process dying there would. */
  async function runUntil(runner: InMemoryRunner, stopAfter: (event: Event) => boolean) {
    const seen: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: userText('Define adk'),
    })) {
      seen.push(event);
      if (stopAfter(event)) break;
    }
    return seen;
  }

  it('resuming ends the agent with its stored answer: no model call, no tool run, the next agent goes on', async () => {
    const { runner, model, lookups } = tree();
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const seen = await runUntil(
      runner,
      (event) => event.author === 'definer' && isFinalResponse(event) && !!event.content,
    );
    const invocationId = seen[0]!.invocationId;
    expect(model.requests).toHaveLength(2);
    expect(lookups).toEqual(['adk']);

    const resumed: Event[] = [];
    for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', invocationId }))
      resumed.push(event);
    expect(model.requests).toHaveLength(2);
    expect(lookups).toEqual(['adk']);
    expect(
      resumed.map((event) => [
        event.author,
        event.content?.parts?.[0]?.text,
        event.actions.endOfAgent ?? false,
      ]),
    ).toEqual([
      ['definer', undefined, true],
      ['flow', undefined, false],
      ['summarizer', 'Summary.', false],
      ['summarizer', undefined, true],
      ['flow', undefined, true],
    ]);
    const stored = (await runner.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    }))!.events;
    const answers = stored.filter(
      (event) => event.author === 'definer' && event.content?.parts?.[0]?.text,
    );
    expect(answers).toHaveLength(1);
  });

  it('an answer of the agent that is followed by its end-of-agent mark is not mistaken for the window', async () => {
    const { runner, model, lookups } = tree();
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const seen = await runUntil(
      runner,
      (event) => event.author === 'definer' && !!event.actions.endOfAgent,
    );
    const resumed: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      invocationId: seen[0]!.invocationId,
    }))
      resumed.push(event);
    expect(model.requests).toHaveLength(2);
    expect(lookups).toEqual(['adk']);
    expect(resumed.map((event) => event.author)).toEqual([
      'flow',
      'summarizer',
      'summarizer',
      'flow',
    ]);
  });
});
