import { z } from 'zod';
import { getOwn, setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';

/*
 * The data of task delegation (004 §10, Python `agents/llm/task/_task_models.py`).
 * Python's models take camelCase aliases and snake_case names alike
 * (`alias_generator=to_camel`, `populate_by_name=True`) and forbid extra
 * fields; here the fields are camelCase and a snake_case key is renamed
 * before validation.
 */

/**
 * A zod preprocessor that renames the snake_case keys in `aliases` to their
 * camelCase names, so both spellings validate. When both spellings are
 * present the camelCase one wins, as Python's alias does.
 */
function acceptingSnakeCase(aliases: Readonly<Record<string, string>>) {
  return (value: unknown): unknown => {
    if (!isPlainObject(value)) return value;
    const renamed: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const camel = getOwn(aliases, key);
      if (camel === undefined) {
        setOwn(renamed, key, field);
      } else if (!Object.hasOwn(value, camel)) {
        setOwn(renamed, camel, field);
      }
    }
    return renamed;
  };
}

/**
 * A request to delegate a task to a sub-agent: the target's name and the
 * validated input. Accepts `agentName` or `agent_name`; extra fields are
 * rejected.
 */
export const TaskRequest = z.preprocess(
  acceptingSnakeCase({ agent_name: 'agentName' }),
  z
    .object({
      agentName: z.string(),
      input: z.record(z.string(), z.unknown()),
    })
    .strict(),
);
/** A request to delegate a task to a sub-agent. */
export type TaskRequest = z.infer<typeof TaskRequest>;

/** What a task agent returns when it finishes: its validated output. Extra fields are rejected. */
export const TaskResult = z
  .object({
    output: z.unknown(),
  })
  .strict();
/** What a task agent returns when it finishes. */
export type TaskResult = z.infer<typeof TaskResult>;

/**
 * The output of a task agent without an output schema (Python
 * `_DefaultTaskOutput`): the model finishes with `finish_task(result=…)`.
 */
export const DefaultTaskOutput = z
  .object({
    result: z.string().describe('A brief summary of what the agent accomplished.'),
  })
  .strict();
/** The output of a task agent without an output schema. */
export type DefaultTaskOutput = z.infer<typeof DefaultTaskOutput>;

/**
 * The input of a task agent without an input schema, as 004 §10 lists it
 * (Python `_task_models._DefaultTaskInput`): an optional goal and background.
 */
export const DefaultTaskInput = z
  .object({
    goal: z.string().optional().describe('The goal or objective for the task agent.'),
    background: z.string().optional().describe('Additional background context for the task agent.'),
  })
  .strict();
/** The input of a task agent without an input schema. */
export type DefaultTaskInput = z.infer<typeof DefaultTaskInput>;
