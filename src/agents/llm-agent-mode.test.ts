import { describe, expect, it } from 'vitest';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { createEvent } from '../events/event.js';
import { eventFromSnakeCaseJson, eventToSnakeCaseJson } from '../events/event-json.js';
import { getTransferTargets } from '../flows/processors/agent-transfer.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { runOnce } from '../testing/run-once.js';
import { FinishTaskTool, isFinishTaskTool } from '../tools/finish-task-tool.js';
import { isTaskAgentTool } from '../tools/task-agent-tool.js';
import { LlmAgent } from './llm-agent.js';

const model = () => new ScriptedLlm({ responses: [textResponse('ok')] });

describe('LlmAgent mode (004 §10, agents/llm_agent.py model_post_init)', () => {
  it('leaves a root agent unset and makes an LLM sub-agent without a mode a chat agent', () => {
    const helper = new LlmAgent({ name: 'helper', model: model() });
    const root = new LlmAgent({ name: 'root', model: model(), subAgents: [helper] });
    expect(root.mode).toBeUndefined();
    expect(helper.mode).toBe('chat');
  });

  it('records whether includeContents was given, for single-turn workflow nodes', () => {
    expect(new LlmAgent({ name: 'a', model: model() }).includeContentsExplicit).toBe(false);
    expect(
      new LlmAgent({ name: 'b', model: model(), includeContents: 'default' })
        .includeContentsExplicit,
    ).toBe(true);
  });

  it('rejects an unknown mode with a typed error naming the agent', () => {
    expect(
      () => new LlmAgent({ name: 'odd', model: model(), mode: 'batch' as never }),
    ).toThrowError(InvalidAgentConfigError);
    expect(() => new LlmAgent({ name: 'odd', model: model(), mode: 'batch' as never })).toThrow(
      /Agent 'odd' has mode "batch"/,
    );
  });

  it('gives a task agent finish_task and its parent one delegation tool per task sub-agent', () => {
    const researcher = new LlmAgent({ name: 'researcher', model: model(), mode: 'task' });
    const writer = new LlmAgent({ name: 'writer', model: model(), mode: 'task' });
    const chat = new LlmAgent({ name: 'chat_helper', model: model() });
    const root = new LlmAgent({
      name: 'root',
      model: model(),
      subAgents: [researcher, writer, chat],
    });
    expect(researcher.tools.filter(isFinishTaskTool)).toHaveLength(1);
    expect(root.tools.filter(isTaskAgentTool).map((tool) => tool.name)).toEqual([
      'researcher',
      'writer',
    ]);
    expect(root.tools.some(isFinishTaskTool)).toBe(false);
  });

  it('a clone gets fresh framework tools, not a second copy', () => {
    const researcher = new LlmAgent({ name: 'researcher', model: model(), mode: 'task' });
    const copy = researcher.clone({ name: 'researcher_copy' });
    expect(copy.tools.filter(isFinishTaskTool)).toHaveLength(1);
    expect(copy.tools[0]).not.toBe(researcher.tools[0]);
    expect(copy.tools[0]).toBeInstanceOf(FinishTaskTool);
  });

  it('leaves task and single-turn agents out of transfer targets (flows/llm_flows/agent_transfer.py)', () => {
    const task = new LlmAgent({ name: 'task_agent', model: model(), mode: 'task' });
    const single = new LlmAgent({ name: 'single_agent', model: model(), mode: 'single_turn' });
    const chat = new LlmAgent({ name: 'chat_agent', model: model() });
    const root = new LlmAgent({ name: 'root', model: model(), subAgents: [task, single, chat] });
    // Both are reached through a tool instead (Python `_TaskAgentTool`, `_SingleTurnAgentTool`).
    expect(
      root.tools.map((tool) => (tool as { constructor: { name: string } }).constructor.name),
    ).toEqual(['TaskAgentTool', 'SingleTurnAgentTool']);
    expect(getTransferTargets(root).map((agent) => agent.name)).toEqual(['chat_agent']);
    expect(getTransferTargets(chat).map((agent) => agent.name)).toEqual(['root']);
  });

  it('a task agent does not save its text answers to outputKey', async () => {
    const agent = new LlmAgent({
      name: 'worker',
      model: new ScriptedLlm({ responses: [textResponse('Which file?')] }),
      mode: 'task',
      outputKey: 'result',
    });
    const { events } = await runOnce(agent);
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('Which file?');
    expect(events.at(-1)?.actions.stateDelta).toEqual({});
  });

  it('an event isolation scope round-trips as Python’s isolation_scope (events/event.py)', () => {
    const event = createEvent({ author: 'worker', isolationScope: 'adk-1' });
    const json = eventToSnakeCaseJson(event);
    expect(json['isolation_scope']).toBe('adk-1');
    expect(eventFromSnakeCaseJson(json).isolationScope).toBe('adk-1');
  });
});
