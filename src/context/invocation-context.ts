import type { Context as TraceContext } from '@opentelemetry/api';
import type { AuthCredential } from '../auth/auth-credential.js';
import type { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { LlmCallsLimitExceededError } from '../errors/llm-calls-limit-exceeded-error.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/event-predicates.js';
import { ScopedEventScan } from '../events/scoped-event-scan.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';
import type { ActiveStreamingTool } from './active-streaming-tool.js';
import type { AgentContract } from './agent-contract.js';
import type { WorkflowNodeHandle } from './workflow-node-handle.js';
import type { ChildRunner } from './child-runner.js';
import type { ContextCacheConfig, ResumabilityConfig } from './app-configs.js';
import type { CredentialService } from './credential-service.js';
import type { EventsCompactionConfig } from './events-compaction-config.js';
import type { LiveRequestQueue } from './live-request-queue.js';
import type { PluginManagerContract } from './plugin-manager-contract.js';
import type { LiveEventWriter, RealtimeCacheEntry } from './realtime-cache-entry.js';
import type { RunConfig } from './run-config.js';
import type { TranscriptionEntry } from './transcription-entry.js';

/** Counts model calls across one invocation, shared by every copy of its context. */
class InvocationCostManager {
  private numberOfLlmCalls = 0;

  incrementAndEnforceLlmCallsLimit(runConfig: RunConfig | undefined): void {
    this.numberOfLlmCalls += 1;
    if (runConfig && runConfig.maxLlmCalls > 0 && this.numberOfLlmCalls > runConfig.maxLlmCalls) {
      throw new LlmCallsLimitExceededError({ maxLlmCalls: runConfig.maxLlmCalls });
    }
  }

  get llmCalls(): number {
    return this.numberOfLlmCalls;
  }
}

/** Fields of a new InvocationContext (spec 000 §1.3). */
export interface InvocationContextInit {
  sessionService: BaseSessionService;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  credentialService?: CredentialService;
  /** The app's credential providers, for authenticated tools without their own. */
  authProviderRegistry?: AuthProviderRegistry;
  pluginManager: PluginManagerContract;
  contextCacheConfig?: ContextCacheConfig;
  /** The app's event compaction settings, for compaction before model calls. */
  eventsCompactionConfig?: EventsCompactionConfig;
  invocationId: string;
  branch?: string;
  /** The isolation scope the running agent's events carry and its history is limited to. */
  isolationScope?: string;
  agent: AgentContract;
  session: Session;
  userContent?: Content;
  liveRequestQueue?: LiveRequestQueue;
  runConfig: RunConfig;
  resumabilityConfig?: ResumabilityConfig;
  /** Aborts model calls and tools of this invocation when it fires. */
  abortSignal?: AbortSignal;
  /** The OpenTelemetry context whose span is the parent of this invocation's spans. */
  traceContext?: TraceContext;
  /** Runs agents in invocations of their own (AgentTool); the Runner sets it. */
  childRunner?: ChildRunner;
  /** The workflow node an agent runs as; set by the workflow, read by NodeTool. */
  workflowNode?: WorkflowNodeHandle;
  /** The id of the invocation's first event, when the Runner started it under a new id. */
  startEventId?: string;
  /** Live: input audio not yet flushed to the artifact service (shared by copies). */
  inputRealtimeCache?: RealtimeCacheEntry[];
  /** Live: output audio not yet flushed to the artifact service (shared by copies). */
  outputRealtimeCache?: RealtimeCacheEntry[];
  /** Live: how the send loop stores the user's content in order with the Runner's commits. */
  liveEventWriter?: LiveEventWriter;
}

/**
 * Everything one invocation runs with (Python `InvocationContext`): services,
 * the session, the agent now running, the branch, run settings, resumability
 * bookkeeping and the model-call counter.
 *
 * Agents run on copies (`copy`), as Python's `model_copy` does: scalar fields
 * such as `agent`, `branch` and `endInvocation` belong to the copy; the
 * session, the agent-state maps and the model-call counter are shared.
 */
export class InvocationContext {
  sessionService: BaseSessionService;
  artifactService: BaseArtifactService | undefined;
  memoryService: BaseMemoryService | undefined;
  credentialService: CredentialService | undefined;
  /** The app's credential providers by scheme type. */
  authProviderRegistry: AuthProviderRegistry | undefined;
  pluginManager: PluginManagerContract;
  contextCacheConfig: ContextCacheConfig | undefined;
  /** The app's event compaction settings (Python `events_compaction_config`). */
  eventsCompactionConfig: EventsCompactionConfig | undefined;
  invocationId: string;
  /** Dot-separated path of ParallelAgent children this context runs in, e.g. `parallel.child`. */
  branch: string | undefined;
  /**
   * The isolation scope of the running agent (ADK 2.x `isolation_scope`): a
   * task agent's is the id of the function call that delegated the task.
   * The agent's events are stamped with it, and its model sees only the
   * events of the same scope; undefined is the shared, unscoped conversation.
   */
  isolationScope: string | undefined;
  /** The agent now running. */
  agent: AgentContract;
  session: Session;
  /** The user message that started the invocation. */
  userContent: Content | undefined;
  liveRequestQueue: LiveRequestQueue | undefined;
  /**
   * The handle that resumes this invocation's live model session (Python
   * `live_session_resumption_handle`): the newest `newHandle` of the
   * session's resumption updates. When the connection drops or the server
   * sends `goAway`, the live flow reconnects with it instead of replaying
   * the history. Copies keep it.
   */
  liveSessionResumptionHandle: string | undefined;
  runConfig: RunConfig;
  resumabilityConfig: ResumabilityConfig | undefined;
  abortSignal: AbortSignal | undefined;
  /**
   * The OpenTelemetry context of the span now open for this context (the
   * invocation, the agent, a model call): the parent of the next spans.
   * Undefined when no span records (no OpenTelemetry SDK registered).
   */
  traceContext: TraceContext | undefined;
  /**
   * Runs agents in invocations of their own, as AgentTool does. The Runner
   * sets it; undefined on a context built without one.
   */
  childRunner: ChildRunner | undefined;
  /**
   * The workflow node the running agent is (an agent run as a node), so its
   * tools can run nodes (NodeTool); undefined outside a workflow. Copies
   * keep it.
   */
  workflowNode: WorkflowNodeHandle | undefined;
  /**
   * The id of this invocation's first event (its user message) when the
   * Runner started the invocation under an id of its own making: no event of
   * the invocation comes before it in the session, so what reads the
   * invocation's events back (a workflow's recovery) starts there instead of
   * at the session's first event. Undefined for a resumed invocation or one
   * run under an id the caller chose. Copies keep it.
   */
  startEventId: string | undefined;
  /**
   * Live input audio cached until it is flushed to the artifact service
   * (Python `input_realtime_cache`); the same list in every copy, emptied in place.
   */
  inputRealtimeCache: RealtimeCacheEntry[];
  /** Live output audio cached until it is flushed (Python `output_realtime_cache`); as the input's. */
  outputRealtimeCache: RealtimeCacheEntry[];
  /**
   * Set by `Runner.runLive`: stores an event through the Runner's commit
   * queue, so what the live send loop stores (the user's content) is
   * committed in order with the events the run yields. Copies keep it.
   */
  liveEventWriter: LiveEventWriter | undefined;
  /** Set to stop the current agent's run after its current step. */
  endInvocation = false;
  /**
   * Credentials resolved for this invocation by credential key (Python
   * `credential_by_key`): toolset auth puts them here, never on the shared
   * toolset; shared by every copy, gone when the invocation ends.
   */
  credentialByKey = new Map<string, AuthCredential>();
  /** Checkpointed state per agent name, for resuming. */
  agentStates: Record<string, Record<string, unknown>> = {};
  /** Which agents have finished within this invocation. */
  endOfAgents: Record<string, boolean> = {};
  /**
   * The streaming tools a live run started, by tool name (Python
   * `active_streaming_tools`, whose `stop_streaming` looks them up by
   * function name); shared by every copy. Emptied when the live run of the
   * agent that started them ends.
   */
  activeStreamingTools = new Map<string, ActiveStreamingTool>();
  /** The live turn's audio and content kept for its transcript (Python `transcription_cache`); shared by every copy. */
  transcriptionCache: TranscriptionEntry[] = [];
  private costManager = new InvocationCostManager();
  /**
   * Whether the session holds scoped events, kept up to date as the
   * invocation's events are appended; shared by every copy.
   */
  scopedEventScan = new ScopedEventScan();
  // One flag for the whole invocation: a copy's model call sets it, the Runner reads it.
  private compactionFlags = { tokenCompactionChecked: false };

  constructor(init: InvocationContextInit) {
    this.sessionService = init.sessionService;
    this.artifactService = init.artifactService;
    this.memoryService = init.memoryService;
    this.credentialService = init.credentialService;
    this.authProviderRegistry = init.authProviderRegistry;
    this.pluginManager = init.pluginManager;
    this.contextCacheConfig = init.contextCacheConfig;
    this.eventsCompactionConfig = init.eventsCompactionConfig;
    this.invocationId = init.invocationId;
    this.branch = init.branch;
    this.isolationScope = init.isolationScope;
    this.agent = init.agent;
    this.session = init.session;
    this.userContent = init.userContent;
    this.liveRequestQueue = init.liveRequestQueue;
    this.runConfig = init.runConfig;
    this.resumabilityConfig = init.resumabilityConfig;
    this.abortSignal = init.abortSignal;
    this.traceContext = init.traceContext;
    this.childRunner = init.childRunner;
    this.workflowNode = init.workflowNode;
    this.startEventId = init.startEventId;
    this.inputRealtimeCache = init.inputRealtimeCache ?? [];
    this.outputRealtimeCache = init.outputRealtimeCache ?? [];
    this.liveEventWriter = init.liveEventWriter;
  }

  /** The app the session belongs to. */
  get appName(): string {
    return this.session.appName;
  }

  /** The user the session belongs to. */
  get userId(): string {
    return this.session.userId;
  }

  /** True when the app was configured resumable. */
  get isResumable(): boolean {
    return this.resumabilityConfig?.isResumable === true;
  }

  /**
   * True once a token-threshold compaction ran before a model call of this
   * invocation (Python `token_compaction_checked`); shared by every copy.
   */
  get tokenCompactionChecked(): boolean {
    return this.compactionFlags.tokenCompactionChecked;
  }

  set tokenCompactionChecked(value: boolean) {
    this.compactionFlags.tokenCompactionChecked = value;
  }

  /** Model calls made so far in this invocation. */
  get llmCallCount(): number {
    return this.costManager.llmCalls;
  }

  /**
   * A shallow copy with some fields replaced (Python `model_copy(update=…)`).
   * The copy shares the session, agent states and model-call counter.
   */
  copy(
    update: Partial<
      Pick<
        InvocationContext,
        'agent' | 'branch' | 'isolationScope' | 'endInvocation' | 'abortSignal'
      >
    > = {},
  ): InvocationContext {
    // Built by the constructor, so copies share the hidden class of the
    // contexts the Runner makes (one shape for every context the flow sees).
    const copied = new InvocationContext(this);
    copied.endInvocation = this.endInvocation;
    copied.agentStates = this.agentStates;
    copied.credentialByKey = this.credentialByKey;
    copied.endOfAgents = this.endOfAgents;
    copied.activeStreamingTools = this.activeStreamingTools;
    copied.transcriptionCache = this.transcriptionCache;
    copied.costManager = this.costManager;
    copied.scopedEventScan = this.scopedEventScan;
    copied.compactionFlags = this.compactionFlags;
    copied.liveSessionResumptionHandle = this.liveSessionResumptionHandle;
    if (update.agent !== undefined) copied.agent = update.agent;
    if (Object.hasOwn(update, 'branch')) copied.branch = update.branch;
    if (Object.hasOwn(update, 'isolationScope')) copied.isolationScope = update.isolationScope;
    if (update.endInvocation !== undefined) copied.endInvocation = update.endInvocation;
    if (Object.hasOwn(update, 'abortSignal')) copied.abortSignal = update.abortSignal;
    return copied;
  }

  /**
   * Counts one model call; throws `LlmCallsLimitExceededError` when the count
   * passes `runConfig.maxLlmCalls` (a limit of 0 or less is no limit).
   */
  incrementLlmCallCount(): void {
    this.costManager.incrementAndEnforceLlmCallsLimit(this.runConfig);
  }

  /**
   * Records an agent's checkpoint (Python `set_agent_state`): `endOfAgent`
   * marks it finished and drops its state; a state marks it running; neither
   * clears both.
   */
  setAgentState(
    agentName: string,
    {
      agentState,
      endOfAgent = false,
    }: { agentState?: Record<string, unknown>; endOfAgent?: boolean } = {},
  ): void {
    if (endOfAgent) {
      this.endOfAgents[agentName] = true;
      delete this.agentStates[agentName];
    } else if (agentState !== undefined) {
      this.agentStates[agentName] = agentState;
      this.endOfAgents[agentName] = false;
    } else {
      delete this.endOfAgents[agentName];
      delete this.agentStates[agentName];
    }
  }

  /** Clears the states of every descendant of the named agent, so each starts fresh (LoopAgent). */
  resetSubAgentStates(agentName: string): void {
    const agent = this.agent.findAgent(agentName);
    if (!agent) return;
    for (const subAgent of agent.subAgents) {
      this.setAgentState(subAgent.name);
      this.resetSubAgentStates(subAgent.name);
    }
  }

  /**
   * Rebuilds agent states from this invocation's events (resuming): an
   * `endOfAgent` event finishes its author; an `agentState` event restores
   * it; an agent that produced content without a state gets an empty one.
   */
  populateInvocationAgentStates(): void {
    for (const event of this.getEvents({ currentInvocation: true })) {
      if (event.actions.endOfAgent) {
        this.endOfAgents[event.author] = true;
        delete this.agentStates[event.author];
      } else if (event.actions.agentState !== undefined && event.actions.agentState !== null) {
        this.agentStates[event.author] = event.actions.agentState;
        this.endOfAgents[event.author] = false;
      } else if (event.author !== 'user' && event.content && !this.agentStates[event.author]) {
        this.agentStates[event.author] = {};
        this.endOfAgents[event.author] = false;
      }
    }
  }

  /** The session's events, optionally only this invocation's and/or only this branch's. */
  getEvents({
    currentInvocation = false,
    currentBranch = false,
  }: { currentInvocation?: boolean; currentBranch?: boolean } = {}): Event[] {
    let events = this.session.events;
    if (currentInvocation)
      events = events.filter((event) => event.invocationId === this.invocationId);
    if (currentBranch) events = events.filter((event) => event.branch === this.branch);
    return events;
  }

  /**
   * Whether the invocation must pause after this event (spec 000 §10.2, Python
   * 2.x `InvocationContext.should_pause_invocation`): the app is resumable and
   * the event calls a long-running tool whose call is still unanswered, that
   * is, no function response with its id is stored after the event. Python
   * 2.x's flow marks only the calls left pending as long-running; ours marks
   * the model's calls before the tools run, so the answer is looked up here.
   * A call is not pending either when a later user event lies on a branch
   * of that call (`…<name>@<call id>`): the user answered a node the call
   * runs (a NodeTool's), so the call is resuming (Python's sub-branch rule).
   * Ask once the event's follow-ups are stored (`pausesAfter`).
   */
  shouldPauseInvocation(event: Event): boolean {
    if (!this.isResumable) return false;
    const longRunning = event.longRunningToolIds;
    if (!longRunning || longRunning.length === 0) return false;
    const calls = getFunctionCalls(event).filter(
      (call) => call.id !== undefined && longRunning.includes(call.id),
    );
    if (calls.length === 0) return false;
    const settled = this.settledCallIdsAfter(event);
    return calls.some((call) => !settled.has(call.id!));
  }

  /**
   * Whether any of `events` pauses the invocation, asked now: an agent that
   * ran sub-agents or a flow keeps the events that named long-running calls
   * and asks once they have run, because a call answered in the same run
   * (a NodeTool whose node finished, a long-running tool that returned a
   * status) does not pause.
   */
  pausesAfter(events: readonly Event[]): boolean {
    return events.some((event) => this.shouldPauseInvocation(event));
  }

  // The call ids answered, or resuming through a user event on their branch,
  // after `event` (none when it is not stored yet).
  private settledCallIdsAfter(event: Event): Set<string> {
    const ids = new Set<string>();
    const events = this.session.events;
    for (let index = events.length - 1; index >= 0; index--) {
      const stored = events[index]!;
      if (stored.id === event.id) return ids;
      for (const part of stored.content?.parts ?? []) {
        const id = part.functionResponse?.id;
        if (id) ids.add(id);
      }
      if (stored.author === 'user' && stored.branch) {
        for (const segment of stored.branch.split('.')) {
          const at = segment.lastIndexOf('@');
          if (at >= 0) ids.add(segment.slice(at + 1));
        }
      }
    }
    return new Set();
  }
}
