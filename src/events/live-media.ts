import type { Event } from './event.js';

const MEDIA_PREFIXES = ['audio/', 'video/', 'image/'] as const;

/**
 * True when the event carries media (audio, video or an image) as inline
 * data (Python `contents._is_live_model_media_event_with_inline_data`). A
 * live run yields such events but does not store them in the session: the
 * media goes to the artifact service instead (`RunConfig.saveLiveBlob`),
 * and the event that refers to it with `fileData` is stored.
 */
export function isLiveModelMediaEventWithInlineData(event: Pick<Event, 'content'>): boolean {
  for (const part of event.content?.parts ?? []) {
    const mimeType = part.inlineData?.mimeType?.toLowerCase();
    if (mimeType && MEDIA_PREFIXES.some((prefix) => mimeType.startsWith(prefix))) return true;
  }
  return false;
}
