import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { createEvent, type Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { Content } from '../types/index.js';
import { newEventId } from '../utils/ids.js';
import { finalizeModelResponseEvent } from './base-llm-flow.js';
import type { LlmAgentContract } from './llm-agent-contract.js';

/**
 * Screens what the user says in a live session with the before-model hooks
 * (plugins first, then the agent's callbacks; Python
 * `_screen_live_user_content`): typed text before it is sent to the model
 * (Python's live callback site 1) and the finished transcription of spoken
 * input (site 3). The hooks see the run's request with `contents` set to
 * this content alone. When one returns a response, the content is blocked:
 * the response becomes an event of the agent marked `turnComplete`, which is
 * returned; otherwise undefined. Without hooks nothing runs.
 */
export async function screenLiveUserContent(
  context: InvocationContext,
  agent: LlmAgentContract,
  request: LlmRequest,
  content: Content,
): Promise<Event | undefined> {
  if (!context.pluginManager.hasPlugins && agent.canonicalBeforeModelCallbacks.length === 0)
    return undefined;
  const screened: LlmRequest = { ...request, contents: [content] };
  const skeleton = skeletonOf(context, agent);
  const args = {
    context: new Context(context, { eventActions: skeleton.actions }),
    request: screened,
  };
  let blocked = await context.pluginManager.runBeforeModelCallback(args);
  for (const callback of agent.canonicalBeforeModelCallbacks) {
    if (blocked) break;
    blocked = (await callback(args)) || undefined;
  }
  return blocked ? blockedEvent(screened, blocked, skeleton) : undefined;
}

/**
 * Screens the model's spoken answer with the after-model hooks as its
 * output transcription grows (Python's live callback site 2): each partial
 * transcription is offered as a response whose `outputTranscription` holds
 * the turn's text so far (`finished: false`). When a hook returns a
 * response, the answer is blocked: that response becomes an event marked
 * `turnComplete`, and the caller restarts the session to drop the rest of
 * the model's output. The text so far starts again at each turn's end, at
 * an interruption and at a finished transcription.
 */
export class LiveOutputScreen {
  private turnText = '';

  constructor(
    private readonly context: InvocationContext,
    private readonly agent: LlmAgentContract,
    private readonly request: LlmRequest,
  ) {}

  /** The blocking event for this response, or undefined when the answer may go on. */
  async screen(response: LlmResponse): Promise<Event | undefined> {
    if (response.turnComplete || response.interrupted) this.turnText = '';
    const transcription = response.outputTranscription;
    if (!transcription) return undefined;
    if (transcription.finished) this.turnText = '';
    else if (transcription.text) this.turnText += transcription.text;
    const { context, agent } = this;
    if (!this.turnText) return undefined;
    if (!context.pluginManager.hasPlugins && agent.canonicalAfterModelCallbacks.length === 0)
      return undefined;
    const skeleton = skeletonOf(context, agent);
    const offered: LlmResponse = {
      ...response,
      outputTranscription: { text: this.turnText, finished: false },
    };
    const args = {
      context: new Context(context, { eventActions: skeleton.actions }),
      response: offered,
    };
    let blocked = await context.pluginManager.runAfterModelCallback(args);
    for (const callback of agent.canonicalAfterModelCallbacks) {
      if (blocked) break;
      blocked = (await callback(args)) || undefined;
    }
    return blocked ? blockedEvent(this.request, blocked, skeleton) : undefined;
  }
}

/** The finished transcription of the user's speech in a response, as user content. */
export function spokenContentOf(response: LlmResponse): Content | undefined {
  const transcription = response.inputTranscription;
  if (!transcription?.finished || !transcription.text) return undefined;
  return { role: 'user', parts: [{ text: transcription.text }] };
}

function skeletonOf(context: InvocationContext, agent: LlmAgentContract): Event {
  return createEvent({
    id: newEventId(),
    invocationId: context.invocationId,
    author: agent.name,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
  });
}

function blockedEvent(request: LlmRequest, response: LlmResponse, skeleton: Event): Event {
  const event = finalizeModelResponseEvent(request, response, skeleton);
  event.turnComplete = true;
  return event;
}
