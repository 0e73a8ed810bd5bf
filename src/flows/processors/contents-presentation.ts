import type { Event } from '../../events/event.js';
import type { EventActions } from '../../events/event-actions.js';
import type { Part } from '../../types/index.js';
import { pythonStr } from '../../utils/python-repr.js';
import type { HistoryEvent } from './contents-history-event.js';
import { isOtherAgentReply } from './contents-selection.js';

/*
 * Steps 3 to 5 of building the model's history (spec 000 §4.1): compaction
 * summaries, transcriptions, and other agents' events as user context.
 */

/**
 * Replaces compacted ranges by their summaries (Python
 * `_process_compaction_events`). A summary whose range lies within another's
 * (or equals a later one's) is dropped; each remaining summary becomes an
 * event of `agentName` (`model` when empty) at its range's end timestamp, so
 * the agent reads its compacted history as its own turns, and every other event whose
 * timestamp falls in a kept range (ends included) is dropped. The result is
 * ordered by timestamp, ties kept in session order.
 */
export function applyCompaction(events: readonly Event[], agentName = ''): HistoryEvent[] {
  const compactions: { index: number; start: number; end: number }[] = [];
  events.forEach((event, index) => {
    const compaction = event.actions.compaction;
    if (compaction && isCompleteCompaction(compaction)) {
      compactions.push({ index, start: compaction.startTimestamp, end: compaction.endTimestamp });
    }
  });
  const subsumed = new Set<number>();
  for (const own of compactions) {
    for (const other of compactions) {
      if (other.index === own.index) continue;
      if (
        other.start <= own.start &&
        other.end >= own.end &&
        (other.start < own.start || other.end > own.end || other.index > own.index)
      ) {
        subsumed.add(own.index);
        break;
      }
    }
  }
  const ranges: { start: number; end: number }[] = [];
  const items: { timestamp: number; index: number; event: HistoryEvent }[] = [];
  for (const { index, start, end } of compactions) {
    if (subsumed.has(index)) continue;
    const event = events[index]!;
    ranges.push({ start, end });
    items.push({
      timestamp: end,
      index,
      event: {
        timestamp: end,
        author: agentName || 'model',
        content: event.actions.compaction!.compactedContent,
        branch: event.branch,
      },
    });
  }
  const covered = mergeRanges(ranges);
  events.forEach((event, index) => {
    if (event.actions.compaction) return;
    const { timestamp } = event;
    if (isCovered(covered, timestamp)) return;
    items.push({ timestamp, index, event });
  });
  items.sort((a, b) => a.timestamp - b.timestamp || a.index - b.index);
  return items.map((item) => item.event);
}

/** The union of closed ranges, as disjoint ranges sorted by start. */
function mergeRanges(ranges: { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** True when `timestamp` lies in one of the disjoint sorted `ranges` (ends included); a binary search. */
function isCovered(ranges: readonly { start: number; end: number }[], timestamp: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (timestamp < range.start) high = middle - 1;
    else if (timestamp > range.end) low = middle + 1;
    else return true;
  }
  return false;
}

function isCompleteCompaction(compaction: NonNullable<EventActions['compaction']>): boolean {
  return (
    compaction.startTimestamp != null &&
    compaction.endTimestamp != null &&
    compaction.compactedContent != null
  );
}

/**
 * Turns runs of content-less transcription events into one text content
 * each, and other agents' events into user context; the current agent's and
 * the user's events pass unchanged.
 */
export function presentEvents(events: readonly HistoryEvent[], agentName: string): HistoryEvent[] {
  const presented: HistoryEvent[] = [];
  let inputText = '';
  let outputText = '';
  for (let index = 0; index < events.length; index++) {
    let event = events[index]!;
    if (!event.content) {
      const next = events[index + 1];
      if (event.inputTranscription?.text) {
        inputText += event.inputTranscription.text;
        if (next?.inputTranscription?.text) continue;
        event = {
          ...event,
          inputTranscription: undefined,
          content: { role: 'user', parts: [{ text: inputText }] },
        };
        inputText = '';
      } else if (event.outputTranscription?.text) {
        outputText += event.outputTranscription.text;
        if (next?.outputTranscription?.text) continue;
        event = {
          ...event,
          outputTranscription: undefined,
          content: { role: 'model', parts: [{ text: outputText }] },
        };
        outputText = '';
      }
    }
    if (isOtherAgentReply(agentName, event)) {
      const converted = presentOtherAgentMessage(event);
      if (converted) presented.push(converted);
    } else {
      presented.push(event);
    }
  }
  return presented;
}

// Python's str.strip() removes the characters str.isspace() accepts, which
// differ from JavaScript's trim() (U+001C–U+001F and U+0085, but not U+FEFF).
const PYTHON_WHITESPACE = new Set(
  '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005' +
    '\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000',
);

function isBlank(text: string): boolean {
  for (const char of text) if (!PYTHON_WHITESPACE.has(char)) return false;
  return true;
}

/**
 * Another agent's event as user context (Python
 * `_present_other_agent_message`): `For context:`, then one text part per
 * visible part. Media and code parts are kept as they are; thoughts and
 * blank texts are dropped. Undefined when nothing but `For context:` would
 * remain; the event itself when it has no parts.
 */
function presentOtherAgentMessage(event: HistoryEvent): HistoryEvent | undefined {
  const sourceParts = event.content?.parts;
  if (!sourceParts?.length) return event;
  const author = event.author;
  const parts: Part[] = [{ text: 'For context:' }];
  for (const part of sourceParts) {
    if (part.thought) continue;
    if (typeof part.text === 'string' && !isBlank(part.text)) {
      parts.push({ text: `[${author}] said: ${part.text}` });
    } else if (part.functionCall) {
      const { name, args } = part.functionCall;
      parts.push({
        text: `[${author}] called tool \`${pythonStr(name)}\` with parameters: ${pythonStr(args)}`,
      });
    } else if (part.functionResponse) {
      const { name, response } = part.functionResponse;
      parts.push({
        text: `[${author}] \`${pythonStr(name)}\` tool returned result: ${pythonStr(response)}`,
      });
    } else if (
      part.inlineData ||
      part.fileData ||
      part.executableCode ||
      part.codeExecutionResult
    ) {
      parts.push(part);
    }
  }
  if (parts.length === 1) return undefined;
  return {
    timestamp: event.timestamp,
    author: 'user',
    content: { role: 'user', parts },
    branch: event.branch,
  };
}
