import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { UserSimulatorError } from '../errors/user-simulator-error.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls, isFinalResponse } from '../events/event-predicates.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { App } from '../runner/app.js';
import { Runner } from '../runner/runner.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';
import { newUuid } from '../utils/ids.js';
import type { AppDetails } from './app-details.js';
import type { Invocation, InvocationEvent, SessionInput } from './eval-case.js';
import { RequestIntercepterPlugin } from './request-intercepter-plugin.js';
import { EnsureRetryOptionsPlugin } from './retry-options.js';
import { type UserSimulator, UserSimulatorStatus } from './simulation/user-simulator.js';

const USER_AUTHOR = 'user';
const DEFAULT_AUTHOR = 'agent';
/** The app name of an eval session whose case has no session input (Python's). */
export const DEFAULT_EVAL_APP_NAME = 'EvaluationGenerator';
/** The user id of an eval session whose case has no session input (Python's). */
export const DEFAULT_EVAL_USER_ID = 'test_user_id';

/** Request of `generateInferences`. */
export interface GenerateInferencesRequest {
  /** The agent to evaluate (the App's root agent, or one of its sub-agents). */
  rootAgent: BaseAgent;
  /** Plays the user: replays the case's turns, or simulates them. */
  userSimulator: UserSimulator;
  /**
   * The App the agent belongs to, when there is one: its plugins and
   * app-wide settings take part in the run as in `adk web`; `rootAgent`
   * still decides which agent runs.
   */
  app?: App;
  /** The case's session input: app name, user id, initial state, pinned session id. */
  initialSession?: SessionInput;
  /** The session id to create when the session input pins none. */
  sessionId?: string;
  sessionService?: BaseSessionService;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  /** Called before the run, to reset what the agent keeps between cases (Python `reset_data`). */
  resetFunc?: () => unknown;
}

/**
 * Runs one eval case through the agent and returns what it did, one
 * Invocation per user turn (Python
 * `EvaluationGenerator._generate_inferences_from_root_agent`): the eval
 * session is created from the session input (or reused when it pins a
 * session id that exists), a Runner with the eval plugins (request
 * interception, retry options) runs one invocation per user message the
 * simulator gives until it gives none, and the events are turned into
 * invocations by `convertEventsToEvalInvocations`, each with the
 * instructions and tools each agent was given (`appDetails`).
 */
export async function generateInferences(
  request: GenerateInferencesRequest,
): Promise<Invocation[]> {
  const sessionService = request.sessionService ?? new InMemorySessionService();
  const memoryService = request.memoryService ?? new InMemoryMemoryService();
  const artifactService = request.artifactService ?? new InMemoryArtifactService();
  const session = await getOrCreateEvalSession(
    sessionService,
    request.initialSession,
    request.sessionId,
  );
  await request.resetFunc?.();

  const intercepter = new RequestIntercepterPlugin('request_intercepter_plugin');
  const evalPlugins = [intercepter, new EnsureRetryOptionsPlugin('ensure_retry_options')];
  const services = { sessionService, artifactService, memoryService };
  const runner = request.app
    ? new Runner({
        // A copy of the App: its settings apply, the caller's App is left as it was.
        app: new App({
          ...appFields(request.app),
          rootAgent: request.rootAgent,
          plugins: [...request.app.plugins, ...evalPlugins],
        }),
        appName: session.appName,
        ...services,
      })
    : new Runner({
        agent: request.rootAgent,
        appName: session.appName,
        plugins: evalPlugins,
        ...services,
      });

  try {
    const events: Event[] = [];
    for (;;) {
      const next = await request.userSimulator.getNextUserMessage(structuredClone(events));
      if (next.status !== UserSimulatorStatus.SUCCESS) break;
      if (!next.userMessage) {
        throw new UserSimulatorError({
          message: 'A successful user-simulator result must include a message.',
        });
      }
      for await (const event of runUserTurn(runner, session, next.userMessage)) {
        events.push(event);
      }
    }
    return convertEventsToEvalInvocations(events, appDetailsByInvocationId(events, intercepter));
  } finally {
    await runner.close();
  }
}

/**
 * The session an eval case runs in: the one its session input pins, when it
 * exists (its `state` then is not applied), else a new one with the input's
 * app name, user id and state (defaults `EvaluationGenerator`,
 * `test_user_id`, empty).
 */
export async function getOrCreateEvalSession(
  sessionService: BaseSessionService,
  initialSession: SessionInput | undefined,
  fallbackSessionId: string | undefined,
): Promise<Session> {
  const appName = initialSession?.appName ?? DEFAULT_EVAL_APP_NAME;
  const userId = initialSession?.userId ?? DEFAULT_EVAL_USER_ID;
  const pinnedSessionId = initialSession?.sessionId ?? undefined;
  if (pinnedSessionId) {
    const existing = await sessionService.getSession({
      appName,
      userId,
      sessionId: pinnedSessionId,
    });
    if (existing) return existing;
  }
  return sessionService.createSession({
    appName,
    userId,
    state: structuredClone(initialSession?.state ?? {}),
    sessionId: pinnedSessionId || fallbackSessionId || newUuid(),
  });
}

// One user turn: the user's event (with the message as the simulator gave it), then the agent's.
async function* runUserTurn(
  runner: Runner,
  session: Session,
  userMessage: Content,
): AsyncGenerator<Event, void, undefined> {
  let first = true;
  for await (const event of runner.runAsync({
    userId: session.userId,
    sessionId: session.id,
    newMessage: userMessage,
    yieldUserMessage: true,
  })) {
    // Python records the message it sent, not what user-message plugins made of it.
    yield first && event.author === USER_AUTHOR
      ? { ...event, content: structuredClone(userMessage) }
      : event;
    first = false;
  }
}

/**
 * Groups events by invocation and turns each group into an Invocation
 * (Python `EvaluationGenerator.convert_events_to_eval_invocations`): the
 * user's content and time, the last final response (a text one preferred
 * over one without text), and as invocation events every other non-user
 * event carrying a function call, function response, text, inline data or
 * grounding metadata; the final response's event is listed only when it also
 * calls tools or is grounded, and then with its content only when it calls
 * tools.
 */
export function convertEventsToEvalInvocations(
  events: readonly Event[],
  appDetailsPerInvocation?: ReadonlyMap<string, AppDetails>,
): Invocation[] {
  const invocations: Invocation[] = [];
  for (const [invocationId, group] of groupByInvocation(events)) {
    let finalResponse: Content | undefined;
    let finalEvent: Event | undefined;
    let userContent: Content = { parts: [] };
    let creationTimestamp = 0;
    const eventsToAdd: Event[] = [];
    for (const event of group) {
      const author = (event.author || DEFAULT_AUTHOR).toLowerCase();
      if (author === USER_AUTHOR) {
        if (event.content) {
          userContent = event.content;
          creationTimestamp = event.timestamp;
        }
        continue;
      }
      const parts = event.content?.parts ?? [];
      if (event.content && parts.length > 0) {
        if (isFinalResponse(event)) {
          const finalHasText = (finalResponse?.parts ?? []).some((part) => part.text);
          const eventHasText = parts.some((part) => part.text);
          if (!finalHasText || eventHasText) {
            finalResponse = event.content;
            finalEvent = event;
          }
        }
        const carriesSomething = parts.some(
          (part) => part.functionCall || part.functionResponse || part.text || part.inlineData,
        );
        if (carriesSomething || event.groundingMetadata !== undefined) eventsToAdd.push(event);
      } else if (event.groundingMetadata !== undefined) {
        eventsToAdd.push(event);
      }
    }

    const invocationEvents: InvocationEvent[] = [];
    for (const event of eventsToAdd) {
      const callsTools = getFunctionCalls(event).length > 0;
      if (event === finalEvent && !callsTools && !event.groundingMetadata) continue;
      const invocationEvent: InvocationEvent = { author: event.author };
      if (event.content && (event !== finalEvent || callsTools))
        invocationEvent.content = event.content;
      if (event.groundingMetadata) invocationEvent.groundingMetadata = event.groundingMetadata;
      invocationEvents.push(invocationEvent);
    }

    const invocation: Invocation = {
      invocationId,
      userContent,
      intermediateData: { invocationEvents },
      creationTimestamp,
    };
    if (finalResponse) invocation.finalResponse = finalResponse;
    const appDetails = appDetailsPerInvocation?.get(invocationId);
    if (appDetails) invocation.appDetails = appDetails;
    invocations.push(structuredClone(invocation));
  }
  return invocations;
}

/**
 * For each invocation, the instructions and tool declarations of each agent
 * that called the model, from the requests the intercepter recorded (Python
 * `_get_app_details_by_invocation_id`).
 */
function appDetailsByInvocationId(
  events: readonly Event[],
  intercepter: RequestIntercepterPlugin,
): Map<string, AppDetails> {
  const details = new Map<string, AppDetails>();
  for (const [invocationId, group] of groupByInvocation(events)) {
    const appDetails: AppDetails = { agentDetails: {} };
    details.set(invocationId, appDetails);
    for (const event of group) {
      if (event.author === USER_AUTHOR) continue;
      const request = intercepter.getModelRequest(event);
      if (!request || Object.hasOwn(appDetails.agentDetails, event.author)) continue;
      appDetails.agentDetails[event.author] = {
        name: event.author,
        instructions: instructionText(request.config.systemInstruction),
        toolDeclarations: structuredClone(request.config.tools ?? []),
      };
    }
  }
  return details;
}

function groupByInvocation(events: readonly Event[]): Map<string, Event[]> {
  const groups = new Map<string, Event[]>();
  for (const event of events) {
    const group = groups.get(event.invocationId);
    if (group) group.push(event);
    else groups.set(event.invocationId, [event]);
  }
  return groups;
}

// The fields an App is built from, to copy one with other plugins and root agent.
function appFields(app: App): ConstructorParameters<typeof App>[0] {
  return {
    name: app.name,
    rootAgent: app.rootAgent,
    plugins: app.plugins,
    ...(app.resumabilityConfig ? { resumabilityConfig: app.resumabilityConfig } : {}),
    ...(app.contextCacheConfig ? { contextCacheConfig: app.contextCacheConfig } : {}),
    ...(app.eventsCompactionConfig ? { eventsCompactionConfig: app.eventsCompactionConfig } : {}),
    ...(app.authProviderRegistry ? { authProviderRegistry: app.authProviderRegistry } : {}),
  };
}

// AgentDetails keeps instructions as text; a Content or parts instruction keeps its text parts.
function instructionText(instruction: unknown): string {
  if (typeof instruction === 'string') return instruction;
  const parts: unknown[] = Array.isArray(instruction)
    ? instruction
    : ((instruction as { parts?: unknown[] } | undefined)?.parts ?? []);
  return parts
    .map((part) => (typeof part === 'string' ? part : ((part as { text?: string }).text ?? '')))
    .filter(Boolean)
    .join('\n');
}
