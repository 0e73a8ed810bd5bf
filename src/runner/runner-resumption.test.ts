import { describe, expect, it } from 'vitest';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvocationNotResumableError } from '../errors/invocation-not-resumable-error.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent, modelText, userText } from '../testing/test-agents.js';
import { Runner } from './runner.js';
import { ids, collect, newRunner, stored } from './runner-test-fixtures.js';

describe('Runner resumption (spec 000 §1.1 step 5, §10.2)', () => {
  function pausingTree() {
    let firstRun = true;
    const pauser = new ScriptedAgent({
      name: 'pauser',
      steps: [
        () => {
          if (!firstRun) return [{ content: modelText('resumed') }];
          firstRun = false;
          return [
            {
              content: {
                role: 'model',
                parts: [{ functionCall: { name: 'approve', args: {}, id: 'lr-1' } }],
              },
              longRunningToolIds: ['lr-1'],
            },
          ];
        },
      ],
    });
    const after = new ScriptedAgent({ name: 'after', steps: [{ content: modelText('after') }] });
    return new SequentialAgent({ name: 'flow', subAgents: [pauser, after] });
  }

  it('a non-resumable app needs a message; with one, a new invocation starts under the id given (Python 2.x)', async () => {
    const runner = await newRunner(
      new ScriptedAgent({ name: 'agent', steps: [{ content: modelText('x') }] }),
    );
    const error = await collect(runner.runAsync({ ...ids, invocationId: 'e-x' })).catch(
      (caught: unknown) => caught,
    );
    expect(InvocationNotResumableError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('requires a new_message or a resumable app');
    expect(await stored(runner)).toEqual([]);
    const events = await collect(
      runner.runAsync({
        ...ids,
        invocationId: 'e-x',
        newMessage: userText('hi'),
        yieldUserMessage: true,
      }),
    );
    // Nothing is resumed: the agent runs from the start, its events and the user's under e-x.
    expect(events.map((event) => [event.author, event.invocationId])).toEqual([
      ['user', 'e-x'],
      ['agent', 'e-x'],
    ]);
    expect((await stored(runner)).map((event) => event.invocationId)).toEqual(['e-x', 'e-x']);
  });

  it('in a resumable app a function response must answer a known call', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    const answer = (id?: string) =>
      collect(
        runner.runAsync({
          ...ids,
          newMessage: {
            role: 'user',
            parts: [{ functionResponse: { name: 'approve', ...(id ? { id } : {}), response: {} } }],
          },
        }),
      ).catch((caught: unknown) => caught);
    const unknown = await answer('nope');
    expect(InvalidArgumentError.isInstance(unknown)).toBe(true);
    expect((unknown as Error).message).toBe(
      'Function call event not found for function response id: nope',
    );
    expect(((await answer()) as Error).message).toBe(
      'Function response id is required to resume an invocation.',
    );
  });

  it('without a stored user message an invocation cannot be resumed', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    const error = await collect(runner.runAsync({ ...ids, invocationId: 'e-unknown' })).catch(
      (caught: unknown) => caught,
    );
    expect(InvocationNotResumableError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'No user message available for resuming invocation: e-unknown',
    );
  });

  it('pauses at a long-running call and resumes the paused sub-agent by invocation id', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    const first = await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    expect(first.map((event) => event.author)).toEqual(['flow', 'pauser']);
    const invocationId = first[0]!.invocationId;
    const second = await collect(runner.runAsync({ ...ids, invocationId }));
    expect(second.map((event) => [event.author, event.content?.parts?.[0]?.text])).toEqual([
      ['pauser', 'resumed'],
      ['flow', undefined],
      ['after', 'after'],
      ['flow', undefined],
    ]);
    expect(second.every((event) => event.invocationId === invocationId)).toBe(true);
  });

  it('a function response answering the paused call resumes that invocation', async () => {
    const runner = await newRunner(pausingTree(), { resumabilityConfig: { isResumable: true } });
    const first = await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    const second = await collect(
      runner.runAsync({
        ...ids,
        newMessage: {
          role: 'user',
          parts: [{ functionResponse: { name: 'approve', id: 'lr-1', response: { ok: true } } }],
        },
      }),
    );
    expect(second[0]!.invocationId).toBe(first[0]!.invocationId);
    expect(second.map((event) => event.author)).toContain('after');
  });

  it('resuming an invocation that already finished yields nothing', async () => {
    const agent = new SequentialAgent({
      name: 'flow',
      subAgents: [new ScriptedAgent({ name: 'only', steps: [{ content: modelText('x') }] })],
    });
    const runner = await newRunner(agent, { resumabilityConfig: { isResumable: true } });
    const first = await collect(runner.runAsync({ ...ids, newMessage: userText('start') }));
    const again = await collect(runner.runAsync({ ...ids, invocationId: first[0]!.invocationId }));
    expect(again).toEqual([]);
  });

  it('commits through an overridden appendEvent', async () => {
    class RecordingSessionService extends InMemorySessionService {
      readonly appended: string[] = [];
      override async appendEvent(request: Parameters<InMemorySessionService['appendEvent']>[0]) {
        this.appended.push(request.event.author);
        return super.appendEvent(request);
      }
    }
    const service = new RecordingSessionService();
    const agent = new ScriptedAgent({
      name: 'agent',
      steps: [{ content: modelText('one') }, { content: modelText('two') }],
    });
    const runner = new Runner({ agent, appName: 'app', sessionService: service });
    await service.createSession(ids);
    await collect(runner.runAsync({ ...ids, newMessage: userText('go') }));
    expect(service.appended).toEqual(['user', 'agent', 'agent']);
  });
});
