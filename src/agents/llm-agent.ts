import type { InvocationContext } from '../context/invocation-context.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import { AgentNotFoundError } from '../errors/agent-not-found-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type { Event } from '../events/event.js';
import { getFunctionResponses, isFinalResponse } from '../events/event-predicates.js';
import { findMatchingFunctionCall } from '../events/find-matching-function-call.js';
import type { BaseLlmFlow } from '../flows/base-llm-flow.js';
import type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
  IncludeContents,
  InstructionProvider,
  LlmAgentContract,
  OnModelErrorCallback,
  OnToolErrorCallback,
  OutputSchema,
  StaticInstruction,
  ToolUnion,
} from '../flows/llm-agent-contract.js';
import { autoFlow, singleFlow } from '../flows/llm-flows.js';
import { runLiveFlow } from '../flows/live-flow.js';
import type { BaseCodeExecutor } from '../code-executors/base-code-executor.js';
import type { BasePlanner } from '../planners/base-planner.js';
import { BaseLlm } from '../models/base-llm.js';
import { LLMRegistry } from '../models/registry.js';
import type { BaseTool } from '../tools/base-tool.js';
import { isBaseToolset } from '../tools/base-toolset.js';
import type { GenerateContentConfig } from '../types/index.js';
import { setOwn } from '../utils/get-own.js';
import { toList } from '../utils/to-list.js';
import { AgentMode } from '../flows/agent-mode.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';
import { runWithTaskDelegation } from './task-delegation.js';
import { withTaskModeTools } from './task-mode-tools.js';
import { resolveOutputSchema, type OutputSchemaInput } from './resolve-output-schema.js';

/** One callback or a list, run in order until one returns a value. */
type OneOrMany<T> = T | readonly T[];

/** Fields of an LlmAgent (Python `LlmAgent`). */
export interface LlmAgentConfig extends BaseAgentConfig {
  /** A model name (resolved through `LLMRegistry`) or a model; unset inherits from the nearest LLM ancestor, else the default model. */
  model?: string | BaseLlm;
  /** The instruction: text with `{key}`, `{key?}` and `{artifact.name}` placeholders, or a function of the context (not templated). */
  instruction?: string | InstructionProvider;
  /** Deprecated: an instruction for every agent of the tree, read from the root agent. */
  globalInstruction?: string | InstructionProvider;
  /** A literal, never-templated system instruction; when set, `instruction` moves into the contents. */
  staticInstruction?: StaticInstruction;
  tools?: readonly ToolUnion[];
  generateContentConfig?: GenerateContentConfig;
  /** Forbids transferring back to the parent agent. */
  disallowTransferToParent?: boolean;
  /** Forbids transferring to sibling agents. */
  disallowTransferToPeers?: boolean;
  /** 'default' sends the history; 'none' sends only the current turn. */
  includeContents?: IncludeContents;
  /**
   * `chat`, `task` or `single_turn` (ADK 2.x, 004 §10). Unset, a sub-agent
   * becomes `chat` (its parent sets it) and a workflow node `single_turn`.
   * A `task` agent gets the `finish_task` tool, and its parent a tool to
   * delegate to it.
   */
  mode?: AgentMode;
  /** The input when the agent is used as a tool (AgentTool). */
  inputSchema?: OutputSchemaInput;
  /** Structured output: a zod schema or a genai Schema. */
  outputSchema?: OutputSchemaInput;
  /** Saves the agent's final answer into this state key. */
  outputKey?: string;
  /** Shapes the model's reasoning: `new BuiltInPlanner({thinkingConfig})` or `new PlanReActPlanner()`. */
  planner?: BasePlanner;
  /** Runs the code blocks of the model's responses: `new UnsafeLocalCodeExecutor()`, or `new BuiltInCodeExecutor()` for the model's own. */
  codeExecutor?: BaseCodeExecutor;
  beforeModelCallback?: OneOrMany<BeforeModelCallback>;
  afterModelCallback?: OneOrMany<AfterModelCallback>;
  onModelErrorCallback?: OneOrMany<OnModelErrorCallback>;
  beforeToolCallback?: OneOrMany<BeforeToolCallback>;
  afterToolCallback?: OneOrMany<AfterToolCallback>;
  onToolErrorCallback?: OneOrMany<OnToolErrorCallback>;
}

let defaultModel = 'gemini-2.5-flash';

/**
 * An agent driven by a language model (Python `LlmAgent`): the ReAct loop
 * of `flows/` with this agent's model, instructions, tools, callbacks and
 * transfer rules. The agent only configures the flow; the flow runs it.
 */
export class LlmAgent extends BaseAgent implements LlmAgentContract {
  readonly isLlmAgent = true as const;
  model: string | BaseLlm | undefined;
  instruction: string | InstructionProvider;
  globalInstruction: string | InstructionProvider;
  staticInstruction: StaticInstruction | undefined;
  tools: readonly ToolUnion[];
  generateContentConfig: GenerateContentConfig | undefined;
  disallowTransferToParent: boolean;
  disallowTransferToPeers: boolean;
  includeContents: IncludeContents;
  /**
   * Whether `includeContents` was given in the config (Python's
   * `'include_contents' in model_fields_set`): an LlmAgent run as a
   * single-turn workflow node sends only the current turn unless it was.
   */
  readonly includeContentsExplicit: boolean;
  mode: AgentMode | undefined;
  inputSchema: OutputSchema | undefined;
  outputSchema: OutputSchema | undefined;
  outputKey: string | undefined;
  planner: BasePlanner | undefined;
  codeExecutor: BaseCodeExecutor | undefined;
  beforeModelCallback: OneOrMany<BeforeModelCallback> | undefined;
  afterModelCallback: OneOrMany<AfterModelCallback> | undefined;
  onModelErrorCallback: OneOrMany<OnModelErrorCallback> | undefined;
  beforeToolCallback: OneOrMany<BeforeToolCallback> | undefined;
  afterToolCallback: OneOrMany<AfterToolCallback> | undefined;
  onToolErrorCallback: OneOrMany<OnToolErrorCallback> | undefined;
  private resolvedModel: BaseLlm | undefined;
  // Callback lists are read on every model and tool call; rebuilt only when a field changes.
  private readonly listCache = new Map<string, { source: unknown; list: readonly unknown[] }>();

  constructor(config: LlmAgentConfig) {
    super(config);
    this.model = config.model;
    this.instruction = config.instruction ?? '';
    this.globalInstruction = config.globalInstruction ?? '';
    this.staticInstruction = config.staticInstruction;
    this.mode = resolveMode(config.name, config.mode);
    this.generateContentConfig = config.generateContentConfig;
    validateGenerateContentConfig(config.generateContentConfig);
    this.disallowTransferToParent = config.disallowTransferToParent ?? false;
    this.disallowTransferToPeers = config.disallowTransferToPeers ?? false;
    this.includeContents = config.includeContents ?? 'default';
    this.includeContentsExplicit = config.includeContents !== undefined;
    this.inputSchema =
      config.inputSchema === undefined ? undefined : resolveOutputSchema(config.inputSchema);
    this.outputSchema =
      config.outputSchema === undefined ? undefined : resolveOutputSchema(config.outputSchema);
    this.outputKey = config.outputKey;
    this.tools = withTaskModeTools(this, config.tools ?? []);
    this.planner = config.planner;
    this.codeExecutor = config.codeExecutor;
    this.beforeModelCallback = config.beforeModelCallback;
    this.afterModelCallback = config.afterModelCallback;
    this.onModelErrorCallback = config.onModelErrorCallback;
    this.beforeToolCallback = config.beforeToolCallback;
    this.afterToolCallback = config.afterToolCallback;
    this.onToolErrorCallback = config.onToolErrorCallback;
  }

  /** Changes the model every LLM agent without one (and without an LLM ancestor with one) uses. */
  static setDefaultModel(model: string): void {
    defaultModel = model;
  }

  /** The model name used when no agent in the chain sets one (default `gemini-2.5-flash`). */
  static get defaultModel(): string {
    return defaultModel;
  }

  /**
   * The model, resolved once and cached: this agent's (a name goes through
   * `LLMRegistry`), else the nearest LLM ancestor's, else the default.
   */
  get canonicalModel(): BaseLlm {
    if (this.model instanceof BaseLlm) return this.model;
    if (this.resolvedModel) return this.resolvedModel;
    if (typeof this.model === 'string' && this.model) {
      this.resolvedModel = LLMRegistry.newLlm(this.model);
      return this.resolvedModel;
    }
    for (let ancestor = this.parentAgent; ancestor; ancestor = ancestor.parentAgent) {
      if (ancestor instanceof LlmAgent) return ancestor.canonicalModel;
    }
    this.resolvedModel = LLMRegistry.newLlm(defaultModel);
    return this.resolvedModel;
  }

  /** The instruction, and whether it must not be templated (providers opt out, as in Python). */
  async canonicalInstruction(
    context: ReadonlyContext,
  ): Promise<{ instruction: string; bypassStateInjection: boolean }> {
    return resolveInstruction(this.instruction, context);
  }

  /** The global instruction, and whether it must not be templated. */
  async canonicalGlobalInstruction(
    context: ReadonlyContext,
  ): Promise<{ instruction: string; bypassStateInjection: boolean }> {
    return resolveInstruction(this.globalInstruction, context);
  }

  /** The agent's tools with toolsets expanded for the context. */
  async canonicalTools(context?: ReadonlyContext): Promise<BaseTool[]> {
    const tools: BaseTool[] = [];
    for (const tool of this.tools) {
      if (isBaseToolset(tool)) tools.push(...(await tool.getToolsWithPrefix(context)));
      else tools.push(tool);
    }
    return tools;
  }

  get canonicalBeforeModelCallbacks(): readonly BeforeModelCallback[] {
    return cachedList(this.listCache, 'beforeModelCallback', this.beforeModelCallback);
  }

  get canonicalAfterModelCallbacks(): readonly AfterModelCallback[] {
    return cachedList(this.listCache, 'afterModelCallback', this.afterModelCallback);
  }

  get canonicalOnModelErrorCallbacks(): readonly OnModelErrorCallback[] {
    return cachedList(this.listCache, 'onModelErrorCallback', this.onModelErrorCallback);
  }

  get canonicalBeforeToolCallbacks(): readonly BeforeToolCallback[] {
    return cachedList(this.listCache, 'beforeToolCallback', this.beforeToolCallback);
  }

  get canonicalAfterToolCallbacks(): readonly AfterToolCallback[] {
    return cachedList(this.listCache, 'afterToolCallback', this.afterToolCallback);
  }

  get canonicalOnToolErrorCallbacks(): readonly OnToolErrorCallback[] {
    return cachedList(this.listCache, 'onToolErrorCallback', this.onToolErrorCallback);
  }

  /** One run of the agent's LLM flow (what the task-delegation loop repeats). */
  runFlow(context: InvocationContext): AsyncGenerator<Event, void, undefined> {
    return this.llmFlow.runAsync(context, this);
  }

  /** An LLM agent that allows transfer to its parent can take the next turn directly (spec 000 §1.4). */
  override canTransferToParent(): boolean {
    return !this.disallowTransferToParent;
  }

  /** SingleFlow when the agent can neither transfer nor has sub-agents, else AutoFlow (spec 000 §2.2). */
  get llmFlow(): BaseLlmFlow {
    return this.disallowTransferToParent &&
      this.disallowTransferToPeers &&
      this.subAgents.length === 0
      ? singleFlow
      : autoFlow;
  }

  /**
   * The agent's run (spec 000 §2.1): in a resumable invocation, resumes a
   * sub-agent it had transferred to, or ends at once when its answer is
   * already stored; else runs the flow, saving `outputKey` from its own
   * final answers, and, in resumable apps, marks its end unless a
   * long-running call is pending. A chat agent with task sub-agents runs
   * the flow through the task-delegation loop (task-delegation.ts).
   */
  protected override async *runAsyncImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    if (context.isResumable) {
      if (this.loadAgentState(context) !== undefined) {
        const resumeTarget = this.getSubAgentToResume(context);
        if (resumeTarget) {
          yield* resumeTarget.runAsync(context);
          context.setAgentState(this.name, { endOfAgent: true });
          yield this.createAgentStateEvent(context);
          return;
        }
      }
      if (this.answeredBeforeResume(context)) {
        context.setAgentState(this.name, { endOfAgent: true });
        yield this.createAgentStateEvent(context);
        return;
      }
    }
    const longRunningCalls: Event[] = [];
    for await (const event of runWithTaskDelegation(this, context)) {
      this.maybeSaveOutputToState(event);
      yield event;
      if (event.longRunningToolIds?.length) longRunningCalls.push(event);
    }
    if (context.pausesAfter(longRunningCalls) || !context.isResumable) return;
    const events = context.getEvents({ currentInvocation: true, currentBranch: true });
    if (events.slice(-2).some((event) => context.shouldPauseInvocation(event))) return;
    context.setAgentState(this.name, { endOfAgent: true });
    yield this.createAgentStateEvent(context);
  }

  /**
   * The agent's live run (Python `LlmAgent._run_live_impl`): the live flow,
   * saving `outputKey` from its final answers, until the flow ends or the
   * invocation is ended.
   */
  protected override async *runLiveImpl(
    context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    for await (const event of runLiveFlow(this.llmFlow, context, this)) {
      this.maybeSaveOutputToState(event);
      yield event;
      if (context.endInvocation) return;
    }
  }

  /**
   * Saves the final answer to `outputKey` (adk-python behaviour 14): only
   * this agent's final responses with parts; the text without thoughts (''
   * when there is none); parsed JSON when the agent has an output schema
   * (an empty streamed chunk is skipped).
   */
  private maybeSaveOutputToState(event: Event): void {
    // A task agent's output is what it passes to finish_task (run-task-agent.ts).
    if (event.author !== this.name || this.mode === 'task') return;
    if (!this.outputKey || !isFinalResponse(event) || !event.content?.parts?.length) return;
    const text = event.content.parts
      .filter((part) => part.text && !part.thought)
      .map((part) => part.text)
      .join('');
    if (this.outputSchema) {
      if (!text.trim()) return;
      setOwn(
        event.actions.stateDelta,
        this.outputKey,
        withoutNulls(this.outputSchema.parse(JSON.parse(text))),
      );
      return;
    }
    setOwn(event.actions.stateDelta, this.outputKey, text);
  }

  /**
   * Whether a resumed run finds this agent's final answer already stored as
   * the branch's last event of the invocation: the run that stored it ended
   * before the end-of-agent mark that follows an answer (a process that
   * died in between). The agent is done; running its step again would call
   * the model and its tools twice. A finished run always stores the mark
   * (or pauses, which the last two events show), so the answer being last
   * happens only in that window.
   */
  private answeredBeforeResume(context: InvocationContext): boolean {
    const events = context.getEvents({ currentInvocation: true, currentBranch: true });
    const last = events[events.length - 1];
    if (!last || last.author !== this.name || !last.content || !isFinalResponse(last)) return false;
    return !events.slice(-2).some((event) => context.shouldPauseInvocation(event));
  }

  private getSubAgentToResume(context: InvocationContext): BaseAgent | undefined {
    const events = context.getEvents({ currentInvocation: true, currentBranch: true });
    const last = events[events.length - 1];
    if (!last) return undefined;
    if (last.author === this.name) return this.transferTarget(last);
    if (last.author === 'user') {
      const callEvent = findMatchingFunctionCall(events);
      if (!callEvent) {
        throw new AgentNotFoundError({
          agentName: this.name,
          message: `No agent to transfer to for resuming agent from function response ${this.name}`,
        });
      }
      if (callEvent.author === this.name) return undefined;
    }
    for (let index = events.length - 1; index >= 0; index--) {
      const target = this.transferTarget(events[index]!);
      if (target) return target;
    }
    return undefined;
  }

  private transferTarget(event: Event): BaseAgent | undefined {
    const transferTo = event.actions.transferToAgent;
    const transferred = getFunctionResponses(event).some(
      (response) => response.name === 'transfer_to_agent',
    );
    if (!transferred || event.author !== this.name || !transferTo || transferTo === this.name)
      return undefined;
    const target = this.rootAgent.findAgent(transferTo);
    if (!target) throw new AgentNotFoundError({ agentName: transferTo });
    return target;
  }
}

/** Python's name for LlmAgent. */
export const Agent = LlmAgent;
/** Python's name for LlmAgent. */
export type Agent = LlmAgent;

function cachedList<T>(
  cache: Map<string, { source: unknown; list: readonly unknown[] }>,
  key: string,
  source: T | readonly T[] | undefined,
): readonly T[] {
  const cached = cache.get(key);
  if (cached && cached.source === source && sameItems(cached.list, source))
    return cached.list as readonly T[];
  const list = toList(source);
  cache.set(key, { source, list });
  return list;
}

// A list changed in place (push, splice) must not serve a stale copy.
function sameItems(list: readonly unknown[], source: unknown): boolean {
  if (!Array.isArray(source)) return true;
  return list.length === source.length && list.every((item, index) => item === source[index]);
}

async function resolveInstruction(
  instruction: string | InstructionProvider,
  context: ReadonlyContext,
): Promise<{ instruction: string; bypassStateInjection: boolean }> {
  if (typeof instruction === 'string') return { instruction, bypassStateInjection: false };
  return { instruction: await instruction(context), bypassStateInjection: true };
}

// Python rejects tools, a system instruction and a response schema in the config:
// they belong to the agent's own fields.
function validateGenerateContentConfig(config: GenerateContentConfig | undefined): void {
  if (!config) return;
  if (config.tools) {
    throw new InvalidAgentConfigError({ message: 'All tools must be set via LlmAgent.tools.' });
  }
  if (config.systemInstruction) {
    throw new InvalidAgentConfigError({
      message: 'System instruction must be set via LlmAgent.instruction.',
    });
  }
  if (config.responseSchema) {
    throw new InvalidAgentConfigError({
      message: 'Response schema must be set via LlmAgent.output_schema.',
    });
  }
}

// `mode` may come from JavaScript or YAML unchecked.
function resolveMode(agentName: string, mode: unknown): AgentMode | undefined {
  if (mode === undefined) return undefined;
  const parsed = AgentMode.safeParse(mode);
  if (parsed.success) return parsed.data;
  throw new InvalidAgentConfigError({
    message: `Agent '${agentName}' has mode ${JSON.stringify(mode)}; expected 'chat', 'task' or 'single_turn'.`,
  });
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // The model's keys: `__proto__` stays a data key instead of setting the prototype.
    if (field !== null && field !== undefined) setOwn(result, key, withoutNulls(field));
  }
  return result;
}
