import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { Blob, Content } from '../types/index.js';

/**
 * Keeps a user audio chunk sent to a live model in
 * `context.transcriptionCache` (role `user`) when the run did not ask the
 * model to transcribe the input (`runConfig.inputAudioTranscription`
 * unset), as adk-python's live flow did: the transcript then has only the
 * audio, for an `AudioTranscriber` to turn into text. Chunks that are not
 * audio (video frames, images) are not kept: there is nothing to transcribe.
 */
export function cacheUserAudio(context: InvocationContext, blob: Blob): void {
  if (context.runConfig.inputAudioTranscription) return;
  if (!blob.mimeType?.startsWith('audio/') || !blob.data) return;
  context.transcriptionCache.push({ role: 'user', data: blob });
}

/**
 * Keeps what the user sent into a live session as content in the
 * transcription cache: typed text (role `user`), or answers to
 * long-running calls (no role, as function responses have none).
 */
export function cacheTypedContent(context: InvocationContext, content: Content): void {
  if (content.parts?.some((part) => part.functionResponse)) {
    context.transcriptionCache.push({ data: content });
  } else if (content.parts?.some((part) => part.text)) {
    context.transcriptionCache.push({ role: 'user', data: content });
  }
}

/**
 * Keeps what a final (not partial) event of a live run adds to the
 * conversation in the transcription cache:
 *
 * - a finished input transcription as user text, a finished output
 *   transcription as model text (what the model heard and said);
 * - content without inline data (the model's text, function calls and
 *   responses) as it is, its role from the content, or none for function
 *   calls and responses, which nobody spoke (Python `TranscriptionEntry`).
 *
 * Audio parts are not kept: the model's speech reaches the cache through
 * its output transcription.
 */
export function cacheLiveEvent(context: InvocationContext, event: Event): void {
  if (event.partial) return;
  const cache = context.transcriptionCache;
  const heard = event.inputTranscription;
  if (heard?.finished && heard.text) {
    cache.push({ role: 'user', data: { role: 'user', parts: [{ text: heard.text }] } });
  }
  const said = event.outputTranscription;
  if (said?.finished && said.text) {
    cache.push({ role: 'model', data: { role: 'model', parts: [{ text: said.text }] } });
  }
  const parts = event.content?.parts;
  if (!event.content || !parts?.length || parts.some((part) => part.inlineData)) return;
  if (parts.some((part) => part.functionCall || part.functionResponse)) {
    cache.push({ data: event.content });
  } else if (parts.some((part) => part.text)) {
    cache.push({
      ...(event.content.role ? { role: event.content.role } : {}),
      data: event.content,
    });
  }
}
