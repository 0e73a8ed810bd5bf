/**
 * The hello_eval example's data agrees with its agent: each turn of its eval
 * set, and of its older-format test file, run through the agent gives the
 * expected tool calls and final response. (The metrics and the eval service
 * score the same runs; this checks the data by hand.)
 *
 * Run: npx vitest run examples/evaluation
 */
import {
  InMemoryRunner,
  getAllToolCalls,
  loadEvalSetFromFile,
  loadEvalSetFromTestFile,
  type EvalSet,
  type Event,
} from '@adk-ts/adk';
import { describe, expect, it } from 'vitest';
import { rootAgent } from '../agents/hello_eval/agent.js';

const file = (name: string) => new URL(`../agents/hello_eval/${name}`, import.meta.url).pathname;

async function expectAgentToMatch(evalSet: EvalSet): Promise<void> {
  for (const evalCase of evalSet.evalCases) {
    const runner = new InMemoryRunner({ agent: rootAgent, appName: 'hello_eval' });
    const session = await runner.sessionService.createSession({
      appName: 'hello_eval',
      userId: 'eval_user',
      state: evalCase.sessionInput?.state ?? {},
    });
    for (const turn of evalCase.conversation ?? []) {
      const events: Event[] = [];
      for await (const event of runner.runAsync({
        userId: 'eval_user',
        sessionId: session.id,
        newMessage: turn.userContent,
      })) {
        events.push(event);
      }
      const calls = events.flatMap((event) =>
        (event.content?.parts ?? []).flatMap((part) =>
          part.functionCall ? [{ name: part.functionCall.name, args: part.functionCall.args }] : [],
        ),
      );
      const expectedCalls = getAllToolCalls(turn.intermediateData).map((call) => ({
        name: call.name,
        args: call.args,
      }));
      expect(calls).toEqual(expectedCalls);
      expect(events.at(-1)?.content?.parts?.[0]?.text).toBe(turn.finalResponse?.parts?.[0]?.text);
    }
  }
}

describe('hello_eval example data', () => {
  it('the eval set matches what the agent does', async () => {
    await expectAgentToMatch(await loadEvalSetFromFile(file('hello_eval_set.evalset.json')));
  });

  it('the older-format test file matches what the agent does', async () => {
    await expectAgentToMatch(await loadEvalSetFromTestFile(file('roll_die.test.json')));
  });
});
