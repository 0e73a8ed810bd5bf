import type { z } from 'zod';
import { BaseAgent } from '../agents/base-agent.js';
import { AdkError } from '../errors/adk-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { StaticInstruction, ToolUnion } from '../flows/llm-agent-contract.js';
import { isBaseTool } from '../tools/base-tool.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import type { Content, Part } from '../types/index.js';
import { getOwn } from '../utils/get-own.js';
import { agentClassOf, formatIssues } from './agent-config.js';
import {
  isDottedName,
  type AgentClass,
  type FunctionToolSpec,
  type ToolClass,
} from './config-registry.js';
import { CONTENT_RULE, PART_RULE, toCamelCaseKeys } from './genai-keys.js';

/*
 * Checks and small conversions the YAML agent loader applies to what a
 * config names: the kind of a registered entry, tool args, static
 * instructions, and errors that name the file.
 */

/** The dotted `agent_class` of a config mapping when it names a user class (not one of the four built-in agent classes); undefined otherwise. */
export function customAgentClassName(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const agentClass = getOwn(data as Record<string, unknown>, 'agent_class');
  if (typeof agentClass !== 'string' || agentClassOf(agentClass) !== undefined) return undefined;
  return isDottedName(agentClass) ? agentClass : undefined;
}

/** Whether a registered entry is a user agent class: something with a static `fromConfig`, not an agent instance. */
export function isAgentClass(entry: unknown): entry is AgentClass {
  return (
    (typeof entry === 'function' || (typeof entry === 'object' && entry !== null)) &&
    !(entry instanceof BaseAgent) &&
    typeof (entry as { fromConfig?: unknown }).fromConfig === 'function'
  );
}

/** Whether a registered entry is a function tool spec (an object with `execute`, not a tool). */
export function isFunctionToolSpec(entry: unknown): entry is FunctionToolSpec {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    !isBaseTool(entry) &&
    typeof (entry as { execute?: unknown }).execute === 'function'
  );
}

/** The spec, named after the last segment of its dotted name when it has no name of its own (a Python function tool is named after its function). */
export function named(spec: FunctionToolSpec, dottedName: string): FunctionToolSpec {
  return spec.name ? spec : { ...spec, name: dottedName.slice(dottedName.lastIndexOf('.') + 1) };
}

/** Whether a registered entry is a tool class or factory: something with a static `fromConfig`. */
export function isToolClass(entry: unknown): entry is ToolClass {
  return (
    (typeof entry === 'function' || (typeof entry === 'object' && entry !== null)) &&
    typeof (entry as { fromConfig?: unknown }).fromConfig === 'function'
  );
}

/** The tools a tool class made, as a list; `InvalidAgentConfigError` naming the file when any is not a tool or toolset. */
export function checkMadeTools(
  made: ToolUnion | readonly ToolUnion[],
  name: string,
  configPath: string,
): ToolUnion[] {
  const tools: readonly unknown[] = Array.isArray(made) ? made : [made];
  for (const tool of tools) {
    if (!isBaseTool(tool) && !isBaseToolset(tool)) {
      throw new InvalidAgentConfigError({
        message: `Tool \`${name}\` (in ${configPath}) built something that is not a tool or toolset.`,
      });
    }
  }
  return tools as ToolUnion[];
}

/** The `args` of a built-in tool parsed by `schema`; `InvalidAgentConfigError` listing the issues and naming the file otherwise. */
export function checkArgs<T>(
  schema: z.ZodType<T>,
  args: Readonly<Record<string, unknown>> | undefined,
  toolName: string,
  configPath: string,
): T {
  const result = schema.safeParse(args ?? {});
  if (result.success) return result.data;
  throw new InvalidAgentConfigError({
    message: `Invalid args of ${toolName} in ${configPath}:\n${formatIssues(result.error.issues, schema)}`,
    cause: result.error,
  });
}

/** A YAML `static_instruction` (text, a Part or Content mapping, or a list of texts and Parts) with its keys in camelCase. */
export function staticInstruction(
  value: string | Record<string, unknown> | readonly (string | Record<string, unknown>)[],
): StaticInstruction {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value.map((item: string | Record<string, unknown>) =>
      typeof item === 'string' ? item : (toCamelCaseKeys(item, PART_RULE) as Part),
    );
  }
  const record = value as Record<string, unknown>;
  return Object.hasOwn(record, 'parts') || Object.hasOwn(record, 'role')
    ? (toCamelCaseKeys(record, CONTENT_RULE) as Content)
    : (toCamelCaseKeys(record, PART_RULE) as Part);
}

/** The error for a dotted name that is registered but is not the kind of thing the field needs. */
export function wrongKind(
  name: string,
  expected: string,
  configPath: string,
): InvalidAgentConfigError {
  return new InvalidAgentConfigError({
    message: `\`${name}\` (in ${configPath}) is registered but is not ${expected}.`,
  });
}

/** Runs `build`; errors from the agents' and tools' own checks (names, parents, options) come out naming the file. */
export function construct<T>(configPath: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw buildError(configPath, error);
  }
}

/** `error` as `construct` rethrows it: invalid config or argument errors with the file named, other ADK errors unchanged, anything else wrapped. */
export function buildError(configPath: string, error: unknown): unknown {
  if (InvalidAgentConfigError.isInstance(error) || InvalidArgumentError.isInstance(error)) {
    return new InvalidAgentConfigError({
      message: `${error.message} (in ${configPath})`,
      cause: error,
    });
  }
  if (AdkError.isInstance(error)) return error;
  return new InvalidAgentConfigError({
    message: `Cannot build the agent of ${configPath}: ${String(error)}`,
    cause: error,
  });
}
