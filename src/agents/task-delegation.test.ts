import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Event } from '../events/event.js';
import {
  functionCallResponse,
  ScriptedLlm,
  textResponse,
  type ScriptedTurn,
} from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';
import { FINISH_TASK_SUCCESS_RESULT, FINISH_TASK_TOOL_NAME } from '../tools/finish-task-tool.js';
import type { Tool } from '../types/index.js';
import { LlmAgent } from './llm-agent.js';
import { newSessionRunner, runTurn, storedEvents, requestView } from './task-mode-test-fixtures.js';

function scripted(turns: ScriptedTurn[]): ScriptedLlm {
  return new ScriptedLlm({ responses: turns });
}

function taskApp(coordinatorTurns: ScriptedTurn[], researcherTurns: ScriptedTurn[]) {
  const coordinatorModel = scripted(coordinatorTurns);
  const researcherModel = scripted(researcherTurns);
  const researcher = new LlmAgent({
    name: 'researcher',
    description: 'Researches a question.',
    model: researcherModel,
    mode: 'task',
    outputKey: 'research',
    instruction: 'Research the goal.',
  });
  const coordinator = new LlmAgent({
    name: 'coordinator',
    model: coordinatorModel,
    instruction: 'Delegate research.',
    subAgents: [researcher],
  });
  return { coordinator, researcher, coordinatorModel, researcherModel };
}

describe('Task delegation through the Runner (004 §10, workflow/_llm_agent_wrapper.py, tools/agent_tool.py _TaskAgentTool)', () => {
  it('gives the coordinator a delegation tool, not a transfer target, and the task agent finish_task', async () => {
    const app = taskApp(
      [
        functionCallResponse('researcher', { request: 'Capital of France?' }, 'task-1'),
        textResponse('Paris.'),
      ],
      [functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'Paris' })],
    );
    const runner = await newSessionRunner(app.coordinator);
    await runTurn(runner, 'hi');
    const coordinatorRequest = app.coordinatorModel.requests[0]!;
    expect(coordinatorRequest.toolNames).toEqual(['researcher']);
    const declaration = (coordinatorRequest.config.tools?.[0] as Tool | undefined)
      ?.functionDeclarations?.[0];
    expect(declaration?.description).toBe(
      'Researches a question.\nIMPORTANT: This tool delegates execution to a specialized agent. ' +
        'Do NOT call this tool in parallel with any other tools.',
    );
    expect(declaration?.parameters?.required).toEqual(['request']);
    const researcherRequest = app.researcherModel.requests[0]!;
    expect(researcherRequest.toolNames).toContain(FINISH_TASK_TOOL_NAME);
    expect(String(researcherRequest.config.systemInstruction)).toContain(
      'Do NOT call `finish_task` prematurely.',
    );
    expect(String(researcherRequest.config.systemInstruction)).not.toContain(
      'You have a list of other agents to transfer to',
    );
  });

  it('runs the task in its own scope and returns its output to the coordinator', async () => {
    const app = taskApp(
      [
        functionCallResponse('researcher', { request: 'Capital of France?' }, 'task-1'),
        textResponse('The capital is Paris.'),
      ],
      [functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'Paris' })],
    );
    const runner = await newSessionRunner(app.coordinator);
    const events = await runTurn(runner, 'hi');

    // The task agent starts from the delegation's arguments, not from the user's message.
    expect(requestView(app.researcherModel.requests[0]!)).toEqual([
      'user: {"request": "Capital of France?"}',
    ]);
    const taskEvents = events.filter((event) => event.author === 'researcher');
    expect(taskEvents.length).toBeGreaterThan(0);
    for (const event of taskEvents) {
      expect(event.isolationScope).toBe('task-1');
      expect(event.branch).toBe('researcher@task-1');
    }
    const finished = taskEvents.find((event) => event.output !== undefined)!;
    expect(finished.output).toEqual({ result: 'Paris' });
    expect(finished.actions.stateDelta).toEqual({ research: { result: 'Paris' } });
    expect(finished.content?.parts?.[0]?.functionResponse?.response).toEqual({
      result: FINISH_TASK_SUCCESS_RESULT,
    });

    // The coordinator sees its call answered by the task's output, and none of the task's events.
    expect(requestView(app.coordinatorModel.requests[1]!)).toEqual([
      'user: hi',
      'model: call researcher',
      'user: response researcher {"result":"Paris"}',
    ]);
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('The capital is Paris.');
    const stored = await storedEvents(runner);
    const answer = stored.find((event) =>
      event.content?.parts?.some((part) => part.functionResponse?.name === 'researcher'),
    )!;
    expect(answer.author).toBe('user');
    expect(answer.isolationScope).toBeUndefined();
  });

  it('pauses the task for the user, scopes the reply to it, then resumes and finishes', async () => {
    const app = taskApp(
      [
        functionCallResponse('researcher', { request: 'Capital?' }, 'task-1'),
        textResponse('The capital is Paris.'),
      ],
      [
        textResponse('Of which country?'),
        functionCallResponse(FINISH_TASK_TOOL_NAME, { summary: 42 }),
        functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'Paris' }),
      ],
    );
    const runner = await newSessionRunner(app.coordinator);
    const first = await runTurn(runner, 'hi');
    expect(first.at(-1)?.author).toBe('researcher');
    expect(first.at(-1)?.content?.parts?.[0]?.text).toBe('Of which country?');
    expect(app.coordinatorModel.requests).toHaveLength(1);

    const second = await runTurn(runner, 'France');
    const stored = await storedEvents(runner);
    const reply = stored.find((event) => event.content?.parts?.[0]?.text === 'France')!;
    expect(reply.author).toBe('user');
    expect(reply.isolationScope).toBe('task-1');

    // The task agent resumes with its own history: its question and the user's reply.
    expect(requestView(app.researcherModel.requests[1]!)).toEqual([
      'user: {"request": "Capital?"}',
      'model: Of which country?',
      'user: France',
    ]);
    // A validation error is data for the model; the task goes on.
    const retry = requestView(app.researcherModel.requests[2]!);
    expect(retry.at(-1)).toMatch(
      /^user: response finish_task \{"error":"Invoking `finish_task\(\)` failed/,
    );
    // The coordinator never saw the question or the reply.
    expect(requestView(app.coordinatorModel.requests[1]!)).toEqual([
      'user: hi',
      'model: call researcher',
      'user: response researcher {"result":"Paris"}',
    ]);
    expect(second.at(-1)?.content?.parts?.[0]?.text).toBe('The capital is Paris.');
    expect(second.at(-1)?.author).toBe('coordinator');
  });

  it('answers the other tools of a mixed turn before delegating', async () => {
    const coordinatorModel = scripted([
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { id: 'c-1', name: 'lookup', args: { key: 'a' } } },
            { functionCall: { id: 'task-2', name: 'researcher', args: { request: 'go' } } },
          ],
        },
      },
      textResponse('done'),
    ]);
    const researcher = new LlmAgent({
      name: 'researcher',
      description: 'Researches.',
      model: scripted([functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'found' })]),
      mode: 'task',
    });
    const lookup = new FunctionTool({
      name: 'lookup',
      description: 'Looks a key up.',
      parameters: z.object({ key: z.string() }),
      execute: ({ key }) => Promise.resolve({ value: `${key}!` }),
    });
    const coordinator = new LlmAgent({
      name: 'coordinator',
      model: coordinatorModel,
      tools: [lookup],
      subAgents: [researcher],
    });
    const runner = await newSessionRunner(coordinator);
    await runTurn(runner, 'hi');
    expect(requestView(coordinatorModel.requests[1]!)).toEqual([
      'user: hi',
      'model: call lookup | call researcher',
      'user: response lookup {"value":"a!"} | response researcher {"result":"found"}',
    ]);
  });
});

describe('A long-running call inside a task (004 §10, runners._append_user_event)', () => {
  it('routes the answer through the coordinator into the task scope', async () => {
    const coordinatorModel = scripted([
      functionCallResponse('researcher', { request: 'Approve the spend' }, 'task-3'),
      textResponse('Approved and done.'),
    ]);
    const researcherModel = scripted([
      functionCallResponse('ask_manager', { amount: 10 }, 'lr-1'),
      functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'approved' }),
    ]);
    const askManager = new LongRunningFunctionTool({
      name: 'ask_manager',
      description: 'Asks a manager.',
      parameters: z.object({ amount: z.number() }),
      execute: () => Promise.resolve(undefined),
    });
    const researcher = new LlmAgent({
      name: 'researcher',
      description: 'Handles approvals.',
      model: researcherModel,
      mode: 'task',
      tools: [askManager],
    });
    const coordinator = new LlmAgent({
      name: 'coordinator',
      model: coordinatorModel,
      subAgents: [researcher],
    });
    const runner = await newSessionRunner(coordinator);
    await runTurn(runner, 'hi');
    const answer: Event[] = [];
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: {
        role: 'user',
        parts: [{ functionResponse: { id: 'lr-1', name: 'ask_manager', response: { ok: true } } }],
      },
    })) {
      answer.push(event);
    }
    const stored = await storedEvents(runner);
    const reply = stored.find((event) =>
      event.content?.parts?.some((part) => part.functionResponse?.id === 'lr-1'),
    )!;
    expect(reply.isolationScope).toBe('task-3');
    expect(requestView(researcherModel.requests[1]!)).toEqual([
      'user: {"request": "Approve the spend"}',
      'model: call ask_manager',
      'user: response ask_manager {"ok":true}',
    ]);
    expect(answer.at(-1)?.author).toBe('coordinator');
    expect(answer.at(-1)?.content?.parts?.[0]?.text).toBe('Approved and done.');
  });
});

describe("A task agent with includeContents 'none' (004 §10, _get_current_turn_contents)", () => {
  it('sees its task input and the current turn of its own scope only', async () => {
    const coordinatorModel = scripted([
      functionCallResponse('researcher', { request: 'Capital?' }, 'task-4'),
      textResponse('Paris it is.'),
    ]);
    const researcherModel = scripted([
      textResponse('Of which country?'),
      functionCallResponse(FINISH_TASK_TOOL_NAME, { result: 'Paris' }),
    ]);
    const researcher = new LlmAgent({
      name: 'researcher',
      description: 'Researches.',
      model: researcherModel,
      mode: 'task',
      includeContents: 'none',
    });
    const coordinator = new LlmAgent({
      name: 'coordinator',
      model: coordinatorModel,
      subAgents: [researcher],
    });
    const runner = await newSessionRunner(coordinator);
    await runTurn(runner, 'hi');
    const second = await runTurn(runner, 'France');
    expect(requestView(researcherModel.requests[1]!)).toEqual([
      'user: {"request": "Capital?"}',
      'user: France',
    ]);
    expect(second.at(-1)?.content?.parts?.[0]?.text).toBe('Paris it is.');
  });
});
