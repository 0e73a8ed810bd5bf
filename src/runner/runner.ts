import type { Context as TraceContext } from '@opentelemetry/api';
import type { BaseAgent } from '../agents/base-agent.js';
import { type ActiveTaskScope, findActiveTaskScope } from '../agents/find-active-task-scope.js';
import { hasTaskSubAgents, needsNodeRuntime } from '../agents/task-mode-tools.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { ContextCacheConfig, ResumabilityConfig } from '../context/app-configs.js';
import type { CredentialService } from '../context/credential-service.js';
import { InvocationContext } from '../context/invocation-context.js';
import { createRunConfig, type RunConfig } from '../context/run-config.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvocationNotResumableError } from '../errors/invocation-not-resumable-error.js';
import { createEvent, type Event } from '../events/event.js';
import { findFunctionCallEvent } from '../events/find-matching-function-call.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import { PluginManager } from '../plugins/plugin-manager.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';
import { newInvocationId } from '../utils/ids.js';
import { SerialQueue } from '../utils/serial-queue.js';
import { isLiveModelMediaEventWithInlineData } from '../events/live-media.js';
import { contextWithSpan, recordSpanError, startAdkSpan } from '../telemetry/adk-tracer.js';
import {
  borrowedInvocationId,
  findUserMessageForInvocation,
  resolveInvocationId,
} from './resume-lookup.js';
import type { App } from './app.js';
import { validateAppName } from './app.js';
import { RunnerChildRuns } from './child-runs.js';
import { closeAgentToolsets } from './close-toolsets.js';
import { applyCustomMetadata } from './custom-metadata.js';
import { prepareCfcSupport } from './cfc-support.js';
import { findAgentToRun } from './find-agent-to-run.js';
import { appendEventOrReload } from './append-event-or-reload.js';
import { getOrCreateSession } from './get-or-create-session.js';
import { compactAfterInvocation } from './post-invocation-compaction.js';
import { saveInputBlobsAsArtifacts } from './input-blob-artifacts.js';
import { liveRunConfig } from './live-run-config.js';
import { rewindSession, type RewindRequest } from './rewind.js';
import { runAgentAsRootNode } from '../workflow/root-agent-run.js';
import type { RunAsyncRequest, RunLiveRequest, RunnerConfig } from './runner-requests.js';

/**
 * Runs agents against sessions (Python `Runner`, spec 000 §1). Each
 * `runAsync` appends the user's message, picks the agent, runs it and commits
 * every non-partial event through the session service before the agent
 * continues, with plugin hooks around it all.
 *
 * Other writers on the same session (another run, a state update) do not
 * stop a run: when the store refuses an event because the session changed
 * since it was loaded (`StaleSessionError`), the invocation's session is
 * reloaded in place and the event stored after the other writers' events
 * (`appendEventWithReload`). On the SQL store that is one transaction and
 * cannot lose again; a store that keeps refusing ends the run with
 * `StaleSessionError` (before anything is stored, when it is the user's
 * message). The turns of concurrent runs interleave in the history, as they
 * do with Python's in-memory store.
 */
export class Runner {
  readonly appName: string;
  readonly agent: BaseAgent;
  readonly app: App | undefined;
  readonly sessionService: BaseSessionService;
  readonly artifactService: BaseArtifactService | undefined;
  readonly memoryService: BaseMemoryService | undefined;
  readonly credentialService: CredentialService | undefined;
  readonly pluginManager: PluginManager;
  readonly resumabilityConfig: ResumabilityConfig | undefined;
  readonly contextCacheConfig: ContextCacheConfig | undefined;
  readonly autoCreateSession: boolean;
  private readonly childRuns = new RunnerChildRuns((config) => new Runner(config));

  constructor(config: RunnerConfig) {
    if (config.app && config.agent) {
      throw new InvalidArgumentError({
        message: 'Runner takes either an app or an agent, not both.',
        argument: 'agent',
      });
    }
    if (config.app) {
      this.app = config.app;
      this.agent = config.app.rootAgent;
      this.appName = config.appName ?? config.app.name;
      this.resumabilityConfig = config.app.resumabilityConfig;
      this.contextCacheConfig = config.app.contextCacheConfig;
    } else if (config.agent) {
      if (!config.appName) {
        throw new InvalidArgumentError({
          message: 'appName is required when the Runner is given an agent instead of an app.',
          argument: 'appName',
        });
      }
      validateAppName(config.appName);
      this.app = undefined;
      this.agent = config.agent;
      this.appName = config.appName;
      this.resumabilityConfig = config.resumabilityConfig;
      this.contextCacheConfig = undefined;
    } else {
      throw new InvalidArgumentError({
        message: 'Runner needs an app, or an agent with an appName.',
        argument: 'app',
      });
    }
    this.sessionService = config.sessionService;
    this.artifactService = config.artifactService;
    this.memoryService = config.memoryService;
    this.credentialService = config.credentialService;
    this.autoCreateSession = config.autoCreateSession ?? false;
    this.pluginManager = new PluginManager({
      plugins: [...(this.app?.plugins ?? []), ...(config.plugins ?? [])],
      ...(config.pluginCloseTimeoutMs === undefined
        ? {}
        : { closeTimeoutMs: config.pluginCloseTimeoutMs }),
    });
  }

  /**
   * Runs one invocation and yields its events (spec 000 §1.1). Every
   * non-partial event is committed to the session before it is yielded and
   * before the agent resumes.
   */
  async *runAsync(request: RunAsyncRequest): AsyncGenerator<Event, void, undefined> {
    // The whole run is one `invocation` span, the root of its agents' spans.
    const span = startAdkSpan('invocation', undefined);
    try {
      const { context, session, userEvent, finished } = await this.startInvocation(
        request,
        contextWithSpan(span, undefined),
      );
      if (userEvent && request.yieldUserMessage) yield userEvent;
      if (finished) return;
      const earlyExit = await this.beforeRun(context, session);
      if (earlyExit) {
        yield earlyExit;
      } else {
        // Agents that call sub-agents through the node runtime run as a node (as Python's root LlmAgent).
        const events = needsNodeRuntime(context.agent as BaseAgent)
          ? runAgentAsRootNode(context.agent as BaseAgent, context)
          : context.agent.runAsync(context);
        for await (const event of events) {
          yield await this.commit(context, session, event);
        }
      }
      await this.pluginManager.runAfterRunCallback({ invocationContext: context });
      await compactAfterInvocation(this.app, context);
    } catch (error) {
      recordSpanError(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * Runs the agent in a live session (Python `Runner.run_live`): a new
   * invocation on the session (created when `autoCreateSession` allows),
   * the agent picked as `runAsync` picks it, run with `runLive` on the
   * client's `liveRequestQueue`, with the live RunConfig defaults
   * (`liveRunConfig`). Run hooks and `onEventCallback` fire as in `runAsync`;
   * every event but partial ones and inline media is committed before it is
   * yielded, through one queue with the user content the send loop stores.
   * Ends when the queue sends `close`, when `abortSignal` fires (throwing
   * its reason) or when the model fails (throwing its error).
   */
  async *runLive(request: RunLiveRequest): AsyncGenerator<Event, void, undefined> {
    const span = startAdkSpan('invocation', undefined);
    try {
      const runConfig = liveRunConfig(createRunConfig(request.runConfig), this.agent);
      const session = await this.getOrCreateSession(request.userId, request.sessionId, runConfig);
      const context = this.newInvocationContext(
        session,
        undefined,
        runConfig,
        newInvocationId(),
        request.abortSignal,
      );
      context.traceContext = contextWithSpan(span, undefined);
      context.liveRequestQueue = request.liveRequestQueue;
      context.agent = findAgentToRun(session, this.agent);
      // The send loop's user content and the yielded events are stored one at a time, in order.
      const writer = new SerialQueue();
      context.liveEventWriter = (event) =>
        writer.run(async () => void (await this.append(session, event, runConfig)));
      const earlyExit = await this.beforeRun(context, session);
      if (earlyExit) {
        yield earlyExit;
      } else {
        for await (const event of context.agent.runLive(context)) {
          yield await this.commit(context, session, event, writer);
        }
      }
      await this.pluginManager.runAfterRunCallback({ invocationContext: context });
    } catch (error) {
      recordSpanError(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * Runs the plugins' before-run hooks; when one returns content, that
   * content is the run's only event, committed and returned (the agent does
   * not run).
   */
  private async beforeRun(
    context: InvocationContext,
    session: Session,
  ): Promise<Event | undefined> {
    const earlyExit = await this.pluginManager.runBeforeRunCallback({ invocationContext: context });
    if (earlyExit === undefined) return undefined;
    const event = createEvent({
      invocationId: context.invocationId,
      author: 'model',
      content: earlyExit,
    });
    return this.commit(context, session, event);
  }

  /**
   * Everything before the first event (a function of its own, so the run's
   * generator stays small): the session, the checks on the request, the
   * invocation context (new, or resumed), the user's event committed, and
   * the agent to run. `finished` says a resumed invocation had already ended.
   */
  private async startInvocation(
    request: RunAsyncRequest,
    traceContext: TraceContext | undefined,
  ): Promise<{
    context: InvocationContext;
    session: Session;
    userEvent: Event | undefined;
    finished: boolean;
  }> {
    const runConfig = createRunConfig(request.runConfig);
    const newMessage = request.newMessage
      ? { ...request.newMessage, role: request.newMessage.role || 'user' }
      : undefined;
    const session = await this.getOrCreateSession(request.userId, request.sessionId, runConfig);
    if (!request.invocationId && !newMessage) {
      throw new InvalidArgumentError({
        message:
          'Running an agent requires either a new_message or an invocation_id to resume a ' +
          `previous invocation. Session: ${request.sessionId}, User: ${request.userId}`,
        argument: 'newMessage',
      });
    }
    const resumable = this.resumabilityConfig?.isResumable === true;
    if (!resumable && !newMessage) {
      throw new InvocationNotResumableError({
        invocationId: request.invocationId!,
        message: `Running an agent requires a new_message or a resumable app. Session: ${request.sessionId}, User: ${request.userId}`,
      });
    }
    // A non-resumable app always starts a new invocation (under the id given,
    // if any, as Python does); a resumable one resumes the invocation named,
    // or the one whose call the message answers.
    const invocationId = resumable
      ? resolveInvocationId(session, newMessage, request.invocationId)
      : undefined;
    if (invocationId) {
      const { context, userEvent } = await this.setupResumedInvocation(
        session,
        invocationId,
        newMessage,
        runConfig,
        request,
      );
      context.traceContext = traceContext;
      const finished = context.endOfAgents[context.agent.name] === true;
      return { context, session, userEvent, finished };
    }
    // Read once: both the invocation a reply joins and the user event's scope come from it.
    const activeTask = findActiveTaskScope(session.events);
    const givenInvocationId =
      request.invocationId || borrowedInvocationId(session, newMessage!, activeTask, this.agent);
    const context = this.newInvocationContext(
      session,
      newMessage,
      runConfig,
      givenInvocationId || newInvocationId(),
      request.abortSignal,
    );
    context.traceContext = traceContext;
    const userEvent = await this.handleNewMessage(
      session,
      newMessage!,
      context,
      runConfig,
      request.stateDelta,
      activeTask,
    );
    // Under an id of our own making, nothing of the invocation precedes its message.
    if (!givenInvocationId) context.startEventId = userEvent.id;
    // A root that delegates keeps the turn: its delegation loop resumes a paused task (Python).
    context.agent = hasTaskSubAgents(this.agent) ? this.agent : findAgentToRun(session, this.agent);
    return { context, session, userEvent, finished: false };
  }

  /**
   * Closes the agent tree's toolsets (MCP sessions and their processes; see
   * `closeAgentToolsets`), then the plugins (each bounded by the close timeout).
   */
  async close(): Promise<void> {
    await closeAgentToolsets(this.agent);
    await this.pluginManager.close();
  }

  /**
   * Rewinds a session to before an invocation (Python `rewind_async`): state
   * and artifacts restored, a rewind event appended; see `rewindSession`.
   */
  rewindAsync(request: RewindRequest): Promise<Event> {
    return rewindSession(this, request);
  }

  private getOrCreateSession(userId: string, sessionId: string, runConfig: RunConfig) {
    const { sessionService, appName, autoCreateSession: autoCreate } = this;
    const request = { sessionService, appName, userId, sessionId, runConfig, autoCreate };
    return getOrCreateSession(request);
  }

  private newInvocationContext(
    session: Session,
    userContent: Content | undefined,
    runConfig: RunConfig,
    invocationId: string,
    abortSignal: AbortSignal | undefined,
  ): InvocationContext {
    prepareCfcSupport(runConfig, this.agent);
    // The constructor copies field by field: absent services are simply undefined.
    return new InvocationContext({
      sessionService: this.sessionService,
      artifactService: this.artifactService,
      memoryService: this.memoryService,
      credentialService: this.credentialService,
      pluginManager: this.pluginManager,
      contextCacheConfig: this.contextCacheConfig,
      eventsCompactionConfig: this.app?.eventsCompactionConfig,
      authProviderRegistry: this.app?.authProviderRegistry,
      invocationId,
      agent: this.agent,
      session,
      userContent,
      runConfig,
      resumabilityConfig: this.resumabilityConfig,
      abortSignal,
      childRunner: this.childRuns,
    });
  }

  private async setupResumedInvocation(
    session: Session,
    invocationId: string,
    newMessage: Content | undefined,
    runConfig: RunConfig,
    request: RunAsyncRequest,
  ): Promise<{ context: InvocationContext; userEvent: Event | undefined }> {
    if (session.events.length === 0) {
      throw new InvocationNotResumableError({
        invocationId,
        message: `Session ${session.id} has no events to resume.`,
      });
    }
    const userMessage = newMessage ?? findUserMessageForInvocation(session.events, invocationId);
    if (!userMessage) {
      throw new InvocationNotResumableError({
        invocationId,
        message: `No user message available for resuming invocation: ${invocationId}`,
      });
    }
    const context = this.newInvocationContext(
      session,
      userMessage,
      runConfig,
      invocationId,
      request.abortSignal,
    );
    const userEvent = newMessage
      ? await this.handleNewMessage(
          session,
          newMessage,
          context,
          runConfig,
          request.stateDelta,
          findActiveTaskScope(session.events),
        )
      : undefined;
    context.populateInvocationAgentStates();
    // A root agent absent from the end-of-agent marks means the invocation paused in a sub-agent.
    if (!Object.hasOwn(context.endOfAgents, this.agent.name)) {
      context.agent = hasTaskSubAgents(this.agent)
        ? this.agent
        : findAgentToRun(session, this.agent);
    }
    return { context, userEvent };
  }

  private async handleNewMessage(
    session: Session,
    message: Content,
    context: InvocationContext,
    runConfig: RunConfig,
    stateDelta: Record<string, unknown> | undefined,
    activeTask: ActiveTaskScope | undefined,
  ): Promise<Event> {
    if (!message.parts || message.parts.length === 0) {
      throw new InvalidArgumentError({
        message: 'No parts in the new_message.',
        argument: 'newMessage',
      });
    }
    let newMessage: Content = { ...message, parts: [...message.parts] };
    if (this.artifactService && runConfig.saveInputBlobsAsArtifacts) {
      await saveInputBlobsAsArtifacts(
        this.artifactService,
        session,
        context.invocationId,
        newMessage.parts!,
      );
    }
    const modified = await this.pluginManager.runOnUserMessageCallback({
      invocationContext: context,
      userMessage: newMessage,
    });
    if (modified !== undefined) newMessage = modified;
    context.userContent = newMessage;
    const responseId = newMessage.parts?.find((part) => part.functionResponse)?.functionResponse
      ?.id;
    const callEvent = responseId ? findFunctionCallEvent(session.events, responseId) : undefined;
    const branch = callEvent?.branch;
    // A reply goes to the scope of the call it answers; any other message, to a
    // task still waiting for the user, whose agent then sees it (ADK 2.x).
    const isolationScope = responseId ? callEvent?.isolationScope : activeTask?.isolationScope;
    const event = createEvent({
      invocationId: context.invocationId,
      author: 'user',
      content: newMessage,
      ...(branch === undefined ? {} : { branch }),
      ...(isolationScope === undefined ? {} : { isolationScope }),
      ...(stateDelta ? { actions: { stateDelta: { ...stateDelta } } } : {}),
    });
    applyCustomMetadata(event, runConfig);
    return this.append(session, event, runConfig);
  }

  /**
   * The per-event step of the loop: run-level metadata, then the plugins'
   * `onEventCallback` (whose replacement is what gets stored and yielded),
   * then the commit of non-partial events. A live run (`liveWriter`) commits
   * through its queue and does not store media sent inline (Python
   * `_should_append_event`), judged on the event before the plugins, as Python does.
   */
  private async commit(
    context: InvocationContext,
    session: Session,
    event: Event,
    liveWriter?: SerialQueue,
  ): Promise<Event> {
    applyCustomMetadata(event, context.runConfig);
    let result = event;
    // With no plugin the hook is skipped rather than awaited (it runs for every event).
    const modified = this.pluginManager.hasPlugins
      ? await this.pluginManager.runOnEventCallback({ invocationContext: context, event })
      : undefined;
    if (modified !== undefined) {
      applyCustomMetadata(modified, context.runConfig);
      result = modified;
    }
    if (!liveWriter) {
      if (result.partial !== true) await this.append(session, result, context.runConfig);
    } else if (event.partial !== true && !isLiveModelMediaEventWithInlineData(event)) {
      await liveWriter.run(() => this.append(session, result, context.runConfig));
    }
    return result;
  }

  private append(session: Session, event: Event, runConfig: RunConfig): Promise<Event> {
    return appendEventOrReload({ sessionService: this.sessionService, session, event, runConfig });
  }
}
