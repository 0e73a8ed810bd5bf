import type { WireEvent } from '../api/types';
import { base64ToBytes, pcmSampleRate } from './pcm';

/** One chunk of model speech to play. */
export interface AudioChunk {
  /** 16-bit little-endian PCM. */
  readonly pcm: Uint8Array;
  readonly sampleRate: number;
}

/** Whether a part is raw PCM audio (which the player plays and the chat does not show). */
function isPcmAudio(mimeType: string | undefined): boolean {
  return pcmSampleRate(mimeType) !== undefined;
}

/**
 * The PCM audio an event carries inline (model speech), in part order.
 * Parts whose data is not valid base64 are skipped.
 */
export function audioChunks(event: WireEvent): AudioChunk[] {
  const chunks: AudioChunk[] = [];
  for (const part of event.content?.parts ?? []) {
    const blob = part.inlineData;
    const sampleRate = pcmSampleRate(blob?.mimeType);
    if (!blob?.data || sampleRate === undefined) continue;
    try {
      chunks.push({ pcm: base64ToBytes(blob.data), sampleRate });
    } catch {
      // Undecodable audio is dropped: the rest of the conversation still plays.
    }
  }
  return chunks;
}

/**
 * The event as the chat shows it: without its inline PCM parts (a live
 * session sends many per second; they are played, not listed). Returns
 * undefined when nothing but audio was in it.
 */
export function withoutAudio(event: WireEvent): WireEvent | undefined {
  const parts = event.content?.parts;
  if (!parts?.some((part) => isPcmAudio(part.inlineData?.mimeType))) return event;
  const kept = parts.filter((part) => !isPcmAudio(part.inlineData?.mimeType));
  if (kept.length > 0) return { ...event, content: { ...event.content, parts: kept } };
  const { content: _content, ...rest } = event;
  const saysMore =
    rest.inputTranscription !== undefined ||
    rest.outputTranscription !== undefined ||
    rest.interrupted === true ||
    rest.turnComplete === true ||
    rest.errorCode !== undefined ||
    hasEffects(rest.actions);
  return saysMore ? rest : undefined;
}

/** Whether actions do anything (the server emits empty ones on every event). */
function hasEffects(actions: WireEvent['actions']): boolean {
  if (!actions) return false;
  return (
    Object.keys(actions.stateDelta ?? {}).length > 0 ||
    Object.keys(actions.artifactDelta ?? {}).length > 0 ||
    actions.transferToAgent !== undefined ||
    actions.escalate === true
  );
}
