import { describe, expect, it } from 'vitest';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Content } from '../types/index.js';
import { FunctionNode } from './function-node.js';
import { RequestInput } from './request-input.js';
import { createRequestInputResponse } from './request-input-event.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { ids, outputsByPath } from './workflow-run-test-fixtures.js';

async function send(runner: InMemoryRunner, message: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: ids.userId,
    sessionId: ids.sessionId,
    newMessage: message,
  })) {
    events.push(event);
  }
  return events;
}

/** ask (rerunOnResume false) pauses; its answer is its output and feeds `decide`. */
async function answerTurn(resumable: boolean): Promise<Event[]> {
  const ask = new FunctionNode('ask', () => new RequestInput({ interruptId: 'q', message: 'Ok?' }));
  const decide = new FunctionNode('decide', (_ctx, answer: unknown) => ({ decided: answer }));
  const runner = new InMemoryRunner({
    agent: new Workflow({ name: 'wf', edges: [[START, ask, decide]] }),
    appName: ids.appName,
    ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
  });
  await runner.sessionService.createSession(ids);
  await send(runner, { role: 'user', parts: [{ text: 'go' }] });
  return send(runner, {
    role: 'user',
    parts: [createRequestInputResponse('q', { result: 'yes' })],
  });
}

describe('The answer of a node that does not rerun on resume (_replay_interceptor.py check_interception case 5, _workflow.py _maybe_reemit_replayed_output)', () => {
  it('a resumable app: the workflow sends the answer as the node output, with the node path', async () => {
    const events = await answerTurn(true);
    const found = events.find((event) => event.nodeInfo?.path === 'wf@1/ask@1');
    expect(found?.author).toBe('wf');
    expect(found?.output).toBe('yes');
    expect(outputsByPath(events)).toEqual([
      ['wf@1/ask@1', 'yes'],
      ['wf@1/decide@1', { decided: 'yes' }],
    ]);
  });

  it('an app that is not resumable: no event for the node (Python sends none), its successor gets the answer', async () => {
    const events = await answerTurn(false);
    expect(outputsByPath(events)).toEqual([['wf@1/decide@1', { decided: 'yes' }]]);
  });
});
