import type { WireEvent, WireFunctionCall, WireFunctionResponse, WirePart } from '../api/types';
import { pcmSampleRate } from '../live/pcm';
import { NO_FAILURES, type CallFailure, type CallFailures } from './call-failures';
import { rewoundEventIds } from '../events/rewound-events';
import { REQUEST_CREDENTIAL } from './credential-request';

/** The name of the framework's tool-confirmation call (answered with `{confirmed, payload?}`). */
export const REQUEST_CONFIRMATION = 'adk_request_confirmation';

/**
 * The events of the conversation: the final events in order (stored, then
 * streamed) and the partial events of the step being streamed.
 */
export interface ChatEvents {
  readonly finals: readonly WireEvent[];
  readonly partials: readonly WireEvent[];
}

/** No events yet. */
export const EMPTY_CHAT: ChatEvents = { finals: [], partials: [] };

/** Partial events of one (invocation, author) grow one bubble until that author's final event replaces them. */
function streamKey(event: WireEvent): string {
  return `${event.invocationId}\u0000${event.author}`;
}

/**
 * Adds one streamed event: a partial one joins the growing bubble of its
 * (invocation, author); a final one replaces that bubble (its partials are
 * dropped, so text is never shown twice) and is appended, or replaces a
 * final event with the same id.
 */
export function applyEvent(chat: ChatEvents, event: WireEvent): ChatEvents {
  if (event.partial) return { finals: chat.finals, partials: [...chat.partials, event] };
  const key = streamKey(event);
  const partials = chat.partials.filter((partial) => streamKey(partial) !== key);
  const index = chat.finals.findIndex((final) => final.id === event.id);
  const finals =
    index === -1
      ? [...chat.finals, event]
      : chat.finals.map((final, at) => (at === index ? event : final));
  return { finals, partials };
}

/** One piece of a bubble. */
export type ChatBlock =
  | { kind: 'text'; text: string }
  | { kind: 'thought'; text: string }
  /** What was said aloud in a live session (a finished transcription). */
  | { kind: 'speech'; text: string }
  | {
      kind: 'call';
      call: WireFunctionCall;
      /** The response, once one arrived (from any later event). */
      response: WireFunctionResponse | undefined;
      /** True when the call is long-running and unanswered: the user answers it. */
      awaitingUser: boolean;
      /** Set when the run failed while the call had no response (it never will). */
      failure: CallFailure | undefined;
      /** The event that made the call (sent back as `functionCallEventId`). */
      eventId: string;
      /** For a credential request: the name of the tool whose call asked (its `functionCallId`). */
      requestedBy?: string;
    }
  | { kind: 'response'; response: WireFunctionResponse }
  | { kind: 'media'; mimeType: string; data?: string; uri?: string; name?: string }
  | { kind: 'code'; language: string; code: string }
  | { kind: 'code-result'; outcome: string; output: string };

/** One thing the conversation shows. */
export type ChatItem =
  | {
      kind: 'message';
      /** The event id (the first partial's id while streaming). */
      id: string;
      author: string;
      /** `user` for what the user sent, else the agent's turn. */
      fromUser: boolean;
      invocationId: string;
      /** True while the bubble is still growing from partial events. */
      streaming: boolean;
      blocks: ChatBlock[];
      error: string | undefined;
    }
  | { kind: 'transfer'; id: string; from: string; to: string }
  | { kind: 'escalate'; id: string; author: string };

/**
 * Builds what the chat shows from its events: one bubble per final event
 * that has something to show, then one growing bubble per streamed
 * (invocation, author). Function responses are attached to the cards of
 * their calls (matched by id) instead of showing on their own; a response
 * whose call is not in the conversation shows as its own block. Calls
 * listed in `longRunningToolIds` without a response are awaiting the user;
 * calls in `failures` without a response carry their failure. Events a
 * rewind took out of the conversation (`rewoundEventIds`) are not shown:
 * the chat is the conversation the model sees (the Events tab keeps them).
 */
export function chatItems(chat: ChatEvents, failures: CallFailures = NO_FAILURES): ChatItem[] {
  const responses = new Map<string, WireFunctionResponse>();
  const calledIds = new Map<string, string>();
  for (const event of chat.finals) {
    for (const part of event.content?.parts ?? []) {
      const { functionCall, functionResponse } = part;
      if (functionResponse?.id) responses.set(functionResponse.id, functionResponse);
      if (functionCall?.id) calledIds.set(functionCall.id, functionCall.name);
    }
  }

  const items: ChatItem[] = [];
  const rewound = rewoundEventIds(chat.finals);
  for (const event of chat.finals) {
    if (rewound.has(event.id)) continue;
    const longRunning = new Set(event.longRunningToolIds ?? []);
    const blocks: ChatBlock[] = [];
    for (const part of event.content?.parts ?? []) {
      const block = partBlock(part, event, responses, calledIds, longRunning, failures);
      if (block) blocks.push(block);
    }
    const spoken = spokenText(event);
    if (spoken) blocks.push({ kind: 'speech', text: spoken });
    const error = eventError(event);
    if (blocks.length > 0 || error !== undefined) {
      items.push({
        kind: 'message',
        id: event.id,
        author: event.author,
        fromUser: event.author === 'user',
        invocationId: event.invocationId,
        streaming: false,
        blocks,
        error,
      });
    }
    const to = event.actions?.transferToAgent;
    if (to) items.push({ kind: 'transfer', id: `${event.id}:transfer`, from: event.author, to });
    if (event.actions?.escalate) {
      items.push({ kind: 'escalate', id: `${event.id}:escalate`, author: event.author });
    }
  }

  const streams = new Map<string, WireEvent[]>();
  for (const partial of chat.partials) {
    const key = streamKey(partial);
    const list = streams.get(key);
    if (list) list.push(partial);
    else streams.set(key, [partial]);
  }
  for (const partials of streams.values()) {
    const first = partials[0]!;
    let text = '';
    let thought = '';
    for (const event of partials) {
      for (const part of event.content?.parts ?? []) {
        if (part.text === undefined) continue;
        if (part.thought) thought += part.text;
        else text += part.text;
      }
    }
    const blocks: ChatBlock[] = [];
    if (thought) blocks.push({ kind: 'thought', text: thought });
    if (text) blocks.push({ kind: 'text', text });
    items.push({
      kind: 'message',
      id: first.id,
      author: first.author,
      fromUser: false,
      invocationId: first.invocationId,
      streaming: true,
      blocks,
      error: undefined,
    });
  }
  return items;
}

function partBlock(
  part: WirePart,
  event: WireEvent,
  responses: ReadonlyMap<string, WireFunctionResponse>,
  calledIds: ReadonlyMap<string, string>,
  longRunning: ReadonlySet<string>,
  failures: CallFailures,
): ChatBlock | undefined {
  if (part.functionCall) {
    const { id } = part.functionCall;
    const response = id === undefined ? undefined : responses.get(id);
    const failure = id === undefined || response ? undefined : failures.get(id);
    const asker = part.functionCall.args?.['functionCallId'];
    const requestedBy =
      part.functionCall.name === REQUEST_CREDENTIAL && typeof asker === 'string'
        ? calledIds.get(asker)
        : undefined;
    return {
      kind: 'call',
      ...(requestedBy === undefined ? {} : { requestedBy }),
      call: part.functionCall,
      response,
      awaitingUser: id !== undefined && longRunning.has(id) && !response && !failure,
      failure,
      eventId: event.id,
    };
  }
  if (part.functionResponse) {
    const { id } = part.functionResponse;
    // Shown on its call's card.
    if (id !== undefined && calledIds.has(id)) return undefined;
    return { kind: 'response', response: part.functionResponse };
  }
  if (part.text !== undefined) {
    if (part.text === '') return undefined;
    return part.thought ? { kind: 'thought', text: part.text } : { kind: 'text', text: part.text };
  }
  if (part.inlineData) {
    // Raw PCM (live audio, many chunks a second) is played live, not listed; a browser cannot open it.
    if (pcmSampleRate(part.inlineData.mimeType) !== undefined) return undefined;
    return {
      kind: 'media',
      mimeType: part.inlineData.mimeType ?? 'application/octet-stream',
      ...(part.inlineData.data === undefined ? {} : { data: part.inlineData.data }),
      ...(part.inlineData.displayName === undefined ? {} : { name: part.inlineData.displayName }),
    };
  }
  if (part.fileData) {
    return {
      kind: 'media',
      mimeType: part.fileData.mimeType ?? 'application/octet-stream',
      ...(part.fileData.fileUri === undefined ? {} : { uri: part.fileData.fileUri }),
      ...(part.fileData.displayName === undefined ? {} : { name: part.fileData.displayName }),
    };
  }
  if (part.executableCode) {
    return {
      kind: 'code',
      language: part.executableCode.language ?? '',
      code: part.executableCode.code ?? '',
    };
  }
  if (part.codeExecutionResult) {
    return {
      kind: 'code-result',
      outcome: part.codeExecutionResult.outcome ?? '',
      output: part.codeExecutionResult.output ?? '',
    };
  }
  return undefined;
}

/**
 * The whole utterance a final live event transcribes (the user's speech on
 * `user` events, the model's on the agent's); partial pieces are not shown.
 */
function spokenText(event: WireEvent): string | undefined {
  if (event.partial) return undefined;
  const text = (event.inputTranscription ?? event.outputTranscription)?.text?.trim();
  return text ? text : undefined;
}

/** The error an event reports (`errorCode` / `errorMessage`), as one line. */
export function eventError(event: WireEvent): string | undefined {
  if (!event.errorCode && !event.errorMessage) return undefined;
  return [event.errorCode, event.errorMessage].filter(Boolean).join(': ');
}

/** The calls still waiting for the user's answer, in conversation order. */
export function pendingCalls(chat: ChatEvents): { call: WireFunctionCall; eventId: string }[] {
  const pending: { call: WireFunctionCall; eventId: string }[] = [];
  for (const item of chatItems(chat)) {
    if (item.kind !== 'message') continue;
    for (const block of item.blocks) {
      if (block.kind === 'call' && block.awaitingUser) {
        pending.push({ call: block.call, eventId: block.eventId });
      }
    }
  }
  return pending;
}
