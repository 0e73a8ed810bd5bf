import type { InvocationContext } from '../context/invocation-context.js';
import type { RealtimeCacheEntry } from '../context/realtime-cache-entry.js';
import { createEvent, type Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Blob } from '../types/index.js';
import { nowSeconds } from '../utils/clock.js';
import { newEventId } from '../utils/ids.js';
import { logger } from '../utils/logger.js';

/**
 * Keeps an audio chunk of a live run until the turn's audio is flushed
 * (Python `AudioCacheManager.cache_audio`): `input` is the user's (sent
 * through the LiveRequestQueue), `output` the model's. Only `audio/*`
 * blobs are kept; others are ignored (Python `cache_blob`). Without an
 * artifact service nothing is kept: it could never be flushed.
 */
export function cacheLiveAudio(
  context: InvocationContext,
  blob: Blob,
  cacheType: 'input' | 'output',
): void {
  if (!context.artifactService || !blob.mimeType?.toLowerCase().startsWith('audio/')) return;
  const entry: RealtimeCacheEntry = {
    role: cacheType === 'input' ? 'user' : 'model',
    data: blob,
    timestamp: nowSeconds(),
  };
  (cacheType === 'input' ? context.inputRealtimeCache : context.outputRealtimeCache).push(entry);
}

/**
 * Keeps the model's audio parts of a live event for the turn's audio file,
 * when `runConfig.saveLiveBlob` is on (Python `_receive_from_model`).
 */
export function cacheModelAudioOf(context: InvocationContext, event: Event): void {
  if (!context.runConfig.saveLiveBlob) return;
  for (const part of event.content?.parts ?? []) {
    if (part.inlineData) cacheLiveAudio(context, part.inlineData, 'output');
  }
}

/**
 * With `runConfig.saveLiveBlob` on, flushes the audio caches a control
 * response closes (Python `_postprocess_live` and
 * `_handle_control_event_flush`): an interruption ends the model's audio
 * (the user's goes on), the end of a turn ends both. Responses carrying a
 * transcription or a session-resumption update are events of their own and
 * flush nothing. Returns the events that refer to the saved files, which a
 * live flow yields in place of the control event, as Python does; [] when
 * nothing was flushed.
 */
export async function flushLiveAudioOnControl(
  context: InvocationContext,
  response: LlmResponse,
): Promise<Event[]> {
  if (
    !context.runConfig.saveLiveBlob ||
    response.inputTranscription ||
    response.outputTranscription ||
    response.liveSessionResumptionUpdate
  )
    return [];
  if (response.interrupted) return flushLiveAudioCaches(context, { user: false, model: true });
  if (response.turnComplete) return flushLiveAudioCaches(context, { user: true, model: true });
  return [];
}

/**
 * Saves the cached audio to the artifact service, one file per cache (the
 * chunks joined), and returns an event per file whose `fileData` refers to
 * it (Python `AudioCacheManager.flush_caches`). The file is named
 * `adk_live_audio_storage_{input|output}_audio_{ms of the first chunk}.{subtype}`;
 * the reference is `artifact://{app}/{user}/{session}/_adk_live/{file}#{version}`
 * as Python writes it. The user's event is authored `user`, the model's by
 * the agent; its timestamp is the first chunk's. A cache that fails to save
 * is logged and kept; without an artifact service nothing is flushed.
 */
export async function flushLiveAudioCaches(
  context: InvocationContext,
  which: { user: boolean; model: boolean },
): Promise<Event[]> {
  if (!context.artifactService) return [];
  const caches: [RealtimeCacheEntry[], string][] = [];
  if (which.user && context.inputRealtimeCache.length > 0)
    caches.push([context.inputRealtimeCache, 'input_audio']);
  if (which.model && context.outputRealtimeCache.length > 0)
    caches.push([context.outputRealtimeCache, 'output_audio']);
  const results = await Promise.allSettled(
    caches.map(([cache, cacheType]) => saveAudio(context, [...cache], cacheType)),
  );
  const events: Event[] = [];
  results.forEach((result, index) => {
    const [cache, cacheType] = caches[index]!;
    if (result.status === 'rejected') {
      logger.error(`Failed to flush ${cacheType} cache: ${String(result.reason)}`);
      return;
    }
    // In place: the lists are shared with the context's copies.
    cache.splice(0, cache.length);
    events.push(result.value);
  });
  return events;
}

async function saveAudio(
  context: InvocationContext,
  entries: RealtimeCacheEntry[],
  cacheType: string,
): Promise<Event> {
  const first = entries[0]!;
  const mimeType = first.data.mimeType || 'audio/pcm';
  const bytes = Buffer.concat(entries.map((entry) => Buffer.from(entry.data.data ?? '', 'base64')));
  const subtype = mimeType.split(';', 1)[0]!.trim().toLowerCase().split('/').at(-1) || 'pcm';
  const filename = `adk_live_audio_storage_${cacheType}_${Math.trunc(first.timestamp * 1000)}.${subtype}`;
  const { appName, userId } = context;
  const sessionId = context.session.id;
  const version = await context.artifactService!.saveArtifact({
    appName,
    userId,
    sessionId,
    filename,
    artifact: { inlineData: { data: bytes.toString('base64'), mimeType } },
  });
  const fileUri = `artifact://${appName}/${userId}/${sessionId}/_adk_live/${filename}#${version}`;
  return createEvent({
    id: newEventId(),
    invocationId: context.invocationId,
    author: first.role === 'model' ? context.agent.name : 'user',
    content: { role: first.role, parts: [{ fileData: { fileUri, mimeType } }] },
    timestamp: first.timestamp,
    ...(context.branch === undefined ? {} : { branch: context.branch }),
  });
}
