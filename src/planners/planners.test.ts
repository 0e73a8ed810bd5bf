import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { userText } from '../testing/test-agents.js';
import { BuiltInPlanner } from './built-in-planner.js';
import {
  FINAL_ANSWER_TAG,
  PLANNING_TAG,
  PlanReActPlanner,
  REASONING_TAG,
} from './plan-re-act-planner.js';

async function run(agent: LlmAgent): Promise<Event[]> {
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText('q'),
  }))
    events.push(event);
  return events;
}

describe('planners (spec 003 §15)', () => {
  it('BuiltInPlanner sets the thinking config and adds no instruction', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('a')] });
    await run(
      new LlmAgent({
        name: 'a',
        model,
        planner: new BuiltInPlanner({
          thinkingConfig: { thinkingBudget: 128, includeThoughts: true },
        }),
      }),
    );
    expect(model.requests[0]!.config.thinkingConfig).toEqual({
      thinkingBudget: 128,
      includeThoughts: true,
    });
    expect(model.requests[0]!.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "a".',
    );
  });

  it('PlanReActPlanner appends its instruction and marks planning and reasoning as thought', async () => {
    const model = new ScriptedLlm({
      responses: [
        {
          content: {
            role: 'model',
            parts: [
              { text: `${PLANNING_TAG} 1. look it up` },
              { text: `${REASONING_TAG} found it ${FINAL_ANSWER_TAG} 42` },
            ],
          },
        },
      ],
    });
    const events = await run(
      new LlmAgent({ name: 'a', model, planner: new PlanReActPlanner(), outputKey: 'answer' }),
    );
    const instruction = String(model.requests[0]!.config.systemInstruction);
    expect(
      instruction.startsWith(
        'You are an agent. Your internal name is "a".\n\n\nWhen answering the question, try to leverage',
      ),
    ).toBe(true);
    expect(instruction).toContain('The revised plan should be be under /*REPLANNING*/.');
    expect(instruction.endsWith('instead of repeated tool use.\n')).toBe(true);
    expect(events[0]!.content!.parts).toEqual([
      { text: `${PLANNING_TAG} 1. look it up`, thought: true },
      { text: `${REASONING_TAG} found it ${FINAL_ANSWER_TAG}`, thought: true },
      { text: ' 42' },
    ]);
    expect(events[0]!.actions.stateDelta).toEqual({ answer: ' 42' });
  });

  it('PlanReActPlanner keeps only the first group of function calls', () => {
    const planner = new PlanReActPlanner();
    const parts = planner.processPlanningResponse(undefined as never, [
      { text: 'plan' },
      { functionCall: { name: '' } },
      { functionCall: { name: 'a' } },
      { functionCall: { name: 'b' } },
      { text: 'after' },
      { functionCall: { name: 'c' } },
    ]);
    expect(parts).toEqual([
      { text: 'plan' },
      { functionCall: { name: 'a' } },
      { functionCall: { name: 'b' } },
    ]);
  });
});
