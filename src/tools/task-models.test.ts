import { describe, expect, it } from 'vitest';
import { DefaultTaskInput, DefaultTaskOutput, TaskRequest, TaskResult } from './task-models.js';

describe('Task models (004 §10, agents/llm/task/_task_models.py)', () => {
  it('TaskRequest takes agentName or agent_name and always yields agentName', () => {
    expect(TaskRequest.parse({ agentName: 'researcher', input: { goal: 'x' } })).toEqual({
      agentName: 'researcher',
      input: { goal: 'x' },
    });
    expect(TaskRequest.parse({ agent_name: 'researcher', input: {} })).toEqual({
      agentName: 'researcher',
      input: {},
    });
  });

  it('TaskRequest prefers the camelCase spelling when both are given', () => {
    expect(TaskRequest.parse({ agentName: 'a', agent_name: 'b', input: {} }).agentName).toBe('a');
  });

  it('TaskRequest forbids extra fields and requires an object input', () => {
    expect(TaskRequest.safeParse({ agentName: 'a', input: {}, extra: 1 }).success).toBe(false);
    expect(TaskRequest.safeParse({ agentName: 'a', input: 'text' }).success).toBe(false);
    expect(TaskRequest.safeParse({ input: {} }).success).toBe(false);
  });

  it('a snake_case key named __proto__ stays data, not a prototype', () => {
    const parsed = TaskRequest.safeParse(
      JSON.parse('{"agent_name": "a", "input": {}, "__proto__": {"polluted": true}}'),
    );
    expect(parsed.success).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('TaskResult carries any output and forbids extra fields', () => {
    expect(TaskResult.parse({ output: { summary: 's' } })).toEqual({ output: { summary: 's' } });
    expect(TaskResult.parse({ output: 42 })).toEqual({ output: 42 });
    expect(TaskResult.safeParse({ output: 1, more: 2 }).success).toBe(false);
  });

  it('the default output is {result: string}; the default input an optional goal and background', () => {
    expect(DefaultTaskOutput.parse({ result: 'done' })).toEqual({ result: 'done' });
    expect(DefaultTaskOutput.safeParse({}).success).toBe(false);
    expect(DefaultTaskInput.parse({})).toEqual({});
    expect(DefaultTaskInput.parse({ goal: 'g', background: 'b' })).toEqual({
      goal: 'g',
      background: 'b',
    });
    expect(DefaultTaskInput.safeParse({ goal: 'g', other: 1 }).success).toBe(false);
  });
});
