import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { UserSimulatorError } from '../errors/user-simulator-error.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { Content } from '../types/index.js';
import type { Invocation } from './eval-case.js';
import { generateInferences } from './evaluation-generator.js';
import { LLM_REQUEST_ID_KEY } from './request-intercepter-plugin.js';
import { LlmBackedUserSimulator } from './simulation/llm-backed-user-simulator.js';
import { StaticUserSimulator } from './simulation/static-user-simulator.js';

const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });

function diceAgent(model: ScriptedLlm): LlmAgent {
  return new LlmAgent({
    name: 'dice_agent',
    model,
    instruction: 'Roll dice when asked.',
    tools: [
      new FunctionTool({
        name: 'roll_die',
        description: 'Rolls a die with the given number of sides.',
        parameters: z.object({ sides: z.number() }),
        execute: ({ sides }) => ({ result: sides === 6 ? 4 : 17 }),
      }),
    ],
  });
}

// Answers by the last user text, so the script does not depend on call order.
function diceModel(): ScriptedLlm {
  return new ScriptedLlm({
    responses: (request) => {
      const last = request.contents.at(-1);
      const part = last?.parts?.[0];
      if (part?.functionResponse) {
        const rolled = (part.functionResponse.response as { result: number }).result;
        return textResponse(`You rolled a ${rolled}.`);
      }
      const text = part?.text ?? '';
      if (text.includes('20')) return functionCallResponse('roll_die', { sides: 20 });
      if (text.includes('die')) return functionCallResponse('roll_die', { sides: 6 });
      return textResponse('Hello! I roll dice.');
    },
  });
}

const staticTurns = (...texts: string[]): Invocation[] =>
  texts.map((text) => ({ invocationId: '', userContent: user(text), creationTimestamp: 0 }));

describe('generateInferences', () => {
  it('records a turn as the reference does: tool call and response events, the final response apart', async () => {
    const sessionService = new InMemorySessionService();
    const invocations = await generateInferences({
      rootAgent: diceAgent(diceModel()),
      userSimulator: new StaticUserSimulator(staticTurns('Roll a die')),
      initialSession: { appName: 'dice_app', userId: 'u1', state: { lucky: 7 } },
      sessionId: 'eval-session-1',
      sessionService,
    });

    expect(invocations).toHaveLength(1);
    const [invocation] = invocations as [Invocation];
    expect(invocation.invocationId).toMatch(/^e-/);
    expect(invocation.userContent).toEqual(user('Roll a die'));
    expect(invocation.creationTimestamp).toBeGreaterThan(0);
    expect(invocation.finalResponse).toEqual({
      role: 'model',
      parts: [{ text: 'You rolled a 4.' }],
    });
    const events = (
      invocation.intermediateData as { invocationEvents: { author: string; content?: Content }[] }
    ).invocationEvents;
    expect(events.map((event) => event.author)).toEqual(['dice_agent', 'dice_agent']);
    expect(events[0]!.content!.parts![0]!.functionCall).toMatchObject({
      name: 'roll_die',
      args: { sides: 6 },
    });
    expect(events[1]!.content!.parts![0]!.functionResponse).toMatchObject({
      name: 'roll_die',
      response: { result: 4 },
    });
    const details = invocation.appDetails!.agentDetails.dice_agent!;
    expect(details.name).toBe('dice_agent');
    expect(details.instructions).toContain('Roll dice when asked.');
    expect(JSON.stringify(details.toolDeclarations)).toContain('roll_die');

    // The session is the one the session input described, with its state and the intercepter's key.
    const session = await sessionService.getSession({
      appName: 'dice_app',
      userId: 'u1',
      sessionId: 'eval-session-1',
    });
    expect(session?.state.lucky).toBe(7);
    expect(typeof session?.state[LLM_REQUEST_ID_KEY]).toBe('string');
  });

  it('runs one invocation per user turn, with the eval retry options on every model request', async () => {
    const model = diceModel();
    const invocations = await generateInferences({
      rootAgent: diceAgent(model),
      userSimulator: new StaticUserSimulator(staticTurns('hi', 'Roll a 20-sided die')),
    });
    expect(invocations.map((invocation) => invocation.finalResponse?.parts?.[0]?.text)).toEqual([
      'Hello! I roll dice.',
      'You rolled a 17.',
    ]);
    expect(new Set(invocations.map((invocation) => invocation.invocationId)).size).toBe(2);
    // A text-only turn has no invocation events: its only event is the final response.
    expect(invocations[0]!.intermediateData).toEqual({ invocationEvents: [] });
    expect(model.requests).toHaveLength(3);
    for (const request of model.requests) {
      expect(request.config.httpOptions?.retryOptions).toEqual({
        attempts: 7,
        initialDelay: 5,
        maxDelay: 120,
        expBase: 2,
        httpStatusCodes: [408, 429, 500, 502, 503, 504],
      });
    }
  });

  it('reuses the session a session input pins, leaving its state as it was', async () => {
    const sessionService = new InMemorySessionService();
    await sessionService.createSession({
      appName: 'dice_app',
      userId: 'u1',
      sessionId: 'prepared',
      state: { prepared: true },
    });
    await generateInferences({
      rootAgent: diceAgent(diceModel()),
      userSimulator: new StaticUserSimulator(staticTurns('hi')),
      initialSession: {
        appName: 'dice_app',
        userId: 'u1',
        sessionId: 'prepared',
        state: { fresh: 1 },
      },
      sessionId: 'ignored',
      sessionService,
    });
    const session = await sessionService.getSession({
      appName: 'dice_app',
      userId: 'u1',
      sessionId: 'prepared',
    });
    expect(session?.state.prepared).toBe(true);
    expect(session?.state.fresh).toBeUndefined();
    expect(session?.events.filter((event) => event.author === 'user')).toHaveLength(1);
  });

  it('lets an LLM-backed simulator play a scenario: starting prompt, then its model, until the stop signal', async () => {
    const simulatorModel = new ScriptedLlm({
      model: 'simulator-model',
      responses: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'thinking...', thought: true }, { text: 'Now roll a 20-sided die' }],
          },
        },
        textResponse('Thanks! </FINISHED>'),
      ],
    });
    const simulator = new LlmBackedUserSimulator({
      config: { model: simulatorModel },
      conversationScenario: {
        startingPrompt: 'Roll a die',
        conversationPlan: 'Roll a six-sided die, then a 20-sided one.',
      },
    });
    const invocations = await generateInferences({
      rootAgent: diceAgent(diceModel()),
      userSimulator: simulator,
    });

    expect(invocations.map((invocation) => invocation.userContent.parts?.[0]?.text)).toEqual([
      'Roll a die',
      'Now roll a 20-sided die',
    ]);
    expect(simulatorModel.requests).toHaveLength(2);
    const [first, second] = simulatorModel.requests;
    expect(first!.model).toBe('simulator-model');
    expect(first!.config.thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: 10240 });
    const prompt = first!.contents[0]!.parts![0]!.text!;
    expect(prompt).toContain('# Conversation Plan\n\nRoll a six-sided die, then a 20-sided one.');
    expect(
      prompt.endsWith('# Conversation History\n\nuser: Roll a die\n\ndice_agent: You rolled a 4.'),
    ).toBe(true);
    expect(second!.contents[0]!.parts![0]!.text!).toContain(
      'user: Now roll a 20-sided die\n\ndice_agent: You rolled a 17.',
    );
  });

  it('stops a scenario at maxAllowedInvocations, counting the starting prompt', async () => {
    const simulatorModel = new ScriptedLlm({ responses: () => textResponse('hi again') });
    const invocations = await generateInferences({
      rootAgent: diceAgent(diceModel()),
      userSimulator: new LlmBackedUserSimulator({
        config: { model: simulatorModel, maxAllowedInvocations: 3 },
        conversationScenario: { startingPrompt: 'hi', conversationPlan: 'Chat.' },
      }),
    });
    expect(invocations).toHaveLength(3);
    expect(simulatorModel.requests).toHaveLength(2);
  });

  it('fails when the simulator model writes nothing, naming why', async () => {
    const run = (responses: ConstructorParameters<typeof ScriptedLlm>[0]['responses']) =>
      generateInferences({
        rootAgent: diceAgent(diceModel()),
        userSimulator: new LlmBackedUserSimulator({
          config: { model: new ScriptedLlm({ responses }) },
          conversationScenario: { startingPrompt: 'hi', conversationPlan: 'Chat.' },
        }),
      });
    await expect(run([textResponse('')])).rejects.toThrow(
      'Failed to generate a user message: LLM returned empty response',
    );
    await expect(
      run([{ content: { role: 'model', parts: [{ text: 'hmm', thought: true }] } }]),
    ).rejects.toThrow('LLM returned only thinking tokens');
    const error = await run([{ errorCode: 'SAFETY', errorMessage: 'blocked' }]).catch(
      (e: unknown) => e,
    );
    expect(UserSimulatorError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Failed to generate a user message: safety filters or other error (code=SAFETY)',
    );
  });
});
