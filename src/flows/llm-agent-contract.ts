import type { z } from 'zod';
import type { AgentMode } from './agent-mode.js';
import type { AgentContract } from '../context/agent-contract.js';
import type {
  AfterModelHookArguments,
  AfterToolHookArguments,
  BeforeModelHookArguments,
  BeforeToolHookArguments,
  MaybePromise,
  ModelErrorHookArguments,
  ToolErrorHookArguments,
} from '../context/hook-arguments.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { BaseLlm } from '../models/base-llm.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { BaseToolset } from '../tools/base-toolset.js';
import type { BaseCodeExecutor } from '../code-executors/base-code-executor.js';
import type { BasePlanner } from '../planners/base-planner.js';
import type { Content, GenerateContentConfig, Part, Schema } from '../types/index.js';

/** Runs before each model call; a returned response is used instead of calling the model. */
export type BeforeModelCallback = (
  args: BeforeModelHookArguments,
) => MaybePromise<LlmResponse | undefined | void>;
/** Runs after each model response; a returned response replaces it. */
export type AfterModelCallback = (
  args: AfterModelHookArguments,
) => MaybePromise<LlmResponse | undefined | void>;
/** Runs when the model call throws; a returned response is used instead of rethrowing. */
export type OnModelErrorCallback = (
  args: ModelErrorHookArguments,
) => MaybePromise<LlmResponse | undefined | void>;
/** Runs before a tool; a returned object is used as its result and the tool does not run. */
export type BeforeToolCallback = (
  args: BeforeToolHookArguments<BaseTool>,
) => MaybePromise<Record<string, unknown> | undefined | void>;
/** Runs after a tool; a returned object replaces its result. */
export type AfterToolCallback = (
  args: AfterToolHookArguments<BaseTool>,
) => MaybePromise<Record<string, unknown> | undefined | void>;
/** Runs when a tool throws; a returned object is used as its result instead of rethrowing. */
export type OnToolErrorCallback = (
  args: ToolErrorHookArguments<BaseTool>,
) => MaybePromise<Record<string, unknown> | undefined | void>;

/** Produces an instruction from the context (Python `InstructionProvider`). */
export type InstructionProvider = (context: ReadonlyContext) => MaybePromise<string>;

/** What an LLM agent's `tools` list holds. */
export type ToolUnion = BaseTool | BaseToolset;

/** A static instruction: text, a part, parts, or a whole content (Python `ContentUnion`). */
export type StaticInstruction = string | Part | readonly (string | Part)[] | Content;

/**
 * A structured-output schema: a zod schema or a genai `Schema`. The flow
 * sends its JSON form to the model and parses the final answer with it.
 */
export interface OutputSchema {
  /** The schema sent to the model (`responseSchema` or the set_model_response parameters). */
  readonly declaration: Schema;
  /** Validates (and coerces) a parsed JSON answer; throws when it does not fit. */
  parse(value: unknown): unknown;
  /**
   * The schema as the agent was given it (zod or genai `Schema`), kept so
   * that an agent that is a workflow node has it as the node's schema.
   */
  readonly source?: z.ZodType | Schema;
}

/** Whether the agent sees the whole history or only the current turn. */
export type IncludeContents = 'default' | 'none';

/**
 * What the LLM flow knows of the agent it runs (spec 000 §2.2, §3). The
 * flow lives below agents (ARCHITECTURE.md §2), so it sees `LlmAgent` only
 * through this contract, which `LlmAgent` implements.
 */
export interface LlmAgentContract extends AgentContract {
  /** Brand: true for LLM agents, which can take part in transfers. */
  readonly isLlmAgent: true;
  /** The model, resolved once (own, else the nearest LLM ancestor's, else the default). */
  readonly canonicalModel: BaseLlm;
  readonly tools: readonly ToolUnion[];
  readonly generateContentConfig: GenerateContentConfig | undefined;
  readonly staticInstruction: StaticInstruction | undefined;
  readonly disallowTransferToParent: boolean;
  readonly disallowTransferToPeers: boolean;
  readonly includeContents: IncludeContents;
  /** `chat`, `task` or `single_turn` (undefined: not set yet, a chat agent outside a workflow). */
  readonly mode?: AgentMode | undefined;
  readonly outputSchema: OutputSchema | undefined;
  readonly outputKey: string | undefined;
  /** Shapes the model's reasoning (BuiltInPlanner, PlanReActPlanner); undefined for none. */
  readonly planner: BasePlanner | undefined;
  /** Runs code blocks of model responses (spec 003 §16); undefined for none. */
  readonly codeExecutor: BaseCodeExecutor | undefined;
  /** The instruction text and whether state must not be injected into it (providers opt out). */
  canonicalInstruction(
    context: ReadonlyContext,
  ): Promise<{ instruction: string; bypassStateInjection: boolean }>;
  /** The (deprecated) global instruction of the root agent. */
  canonicalGlobalInstruction(
    context: ReadonlyContext,
  ): Promise<{ instruction: string; bypassStateInjection: boolean }>;
  /** The agent's tools with toolsets expanded. */
  canonicalTools(context?: ReadonlyContext): Promise<BaseTool[]>;
  readonly canonicalBeforeModelCallbacks: readonly BeforeModelCallback[];
  readonly canonicalAfterModelCallbacks: readonly AfterModelCallback[];
  readonly canonicalOnModelErrorCallbacks: readonly OnModelErrorCallback[];
  readonly canonicalBeforeToolCallbacks: readonly BeforeToolCallback[];
  readonly canonicalAfterToolCallbacks: readonly AfterToolCallback[];
  readonly canonicalOnToolErrorCallbacks: readonly OnToolErrorCallback[];
}

/** True when `agent` is an LLM agent (implements the contract). */
export function isLlmAgent(agent: AgentContract | undefined): agent is LlmAgentContract {
  return (agent as Partial<LlmAgentContract> | undefined)?.isLlmAgent === true;
}
