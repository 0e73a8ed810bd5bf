import type { WireEvent } from '../api/types';

const MAX = 80;

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

/**
 * One line saying what an event is: its text, the calls and responses it
 * carries, live transcriptions, interruption and turn end, its actions (state keys, artifacts, transfer, escalation, rewind) and
 * its error, joined with " · ".
 */
export function summarizeEvent(event: WireEvent): string {
  const pieces: string[] = [];
  for (const part of event.content?.parts ?? []) {
    if (part.text) pieces.push(part.thought ? `thought: ${clip(part.text)}` : clip(part.text));
    else if (part.functionCall) pieces.push(`call ${part.functionCall.name}`);
    else if (part.functionResponse) pieces.push(`response ${part.functionResponse.name}`);
    else if (part.inlineData) pieces.push(`inline ${part.inlineData.mimeType ?? 'data'}`);
    else if (part.fileData) pieces.push(`file ${part.fileData.fileUri ?? ''}`);
    else if (part.executableCode) pieces.push('code');
    else if (part.codeExecutionResult) pieces.push('code result');
  }
  if (event.inputTranscription?.text) pieces.push(`heard: ${clip(event.inputTranscription.text)}`);
  if (event.outputTranscription?.text) pieces.push(`said: ${clip(event.outputTranscription.text)}`);
  if (event.interrupted) pieces.push('interrupted');
  if (event.turnComplete) pieces.push('turn complete');
  const actions = event.actions ?? {};
  const stateKeys = Object.keys(actions.stateDelta ?? {});
  if (stateKeys.length > 0) pieces.push(`state: ${stateKeys.join(', ')}`);
  const artifacts = Object.keys(actions.artifactDelta ?? {});
  if (artifacts.length > 0) pieces.push(`artifacts: ${artifacts.join(', ')}`);
  if (actions.transferToAgent) pieces.push(`transfer → ${actions.transferToAgent}`);
  if (actions.escalate) pieces.push('escalate');
  if (actions.rewindBeforeInvocationId) {
    pieces.push(`rewind before ${actions.rewindBeforeInvocationId.slice(0, 12)}`);
  }
  if (event.errorCode || event.errorMessage) {
    pieces.push(`error: ${[event.errorCode, event.errorMessage].filter(Boolean).join(' ')}`);
  }
  return pieces.length > 0 ? pieces.join(' · ') : '(empty)';
}

/** An event's time as local hours:minutes:seconds.milliseconds. */
export function eventTime(event: WireEvent): string {
  const date = new Date(event.timestamp * 1000);
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
