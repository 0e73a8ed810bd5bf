import type { InvocationContext } from '../context/invocation-context.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import type { Blob, Content } from '../types/index.js';

/**
 * A speech-to-text service: the text spoken in `audio` (base64 data with
 * its MIME type, e.g. `audio/pcm;rate=16000`), spoken by `role` (`user` or
 * `model`). adk-python calls Google Cloud Speech-to-Text here; any service
 * (or a local model) can be given.
 */
export type SpeechToText = (request: { audio: Blob; role: string | undefined }) => Promise<string>;

/** Options of an `AudioTranscriber`. */
export interface AudioTranscriberOptions {
  /** Turns cached audio into text; without it, cached audio cannot be transcribed. */
  speechToText?: SpeechToText;
}

/**
 * Turns a live run's `transcriptionCache` into a text transcript (Python
 * `AudioTranscriber`), e.g. in an `afterRunCallback` to keep a written
 * record of a voice conversation.
 */
export class AudioTranscriber {
  private readonly speechToText: SpeechToText | undefined;

  constructor(options: AudioTranscriberOptions = {}) {
    this.speechToText = options.speechToText;
  }

  /**
   * The cached conversation as contents, in order (Python
   * `transcribe_file`): entries already in text are returned as they are;
   * consecutive audio chunks of one speaker are joined into one clip and
   * given to `speechToText`, which becomes a content of that speaker's role
   * with the text. Chunks without data are skipped. The cache is emptied
   * once everything is transcribed, so the next call does not transcribe it
   * again.
   *
   * Audio is cached only when the run did not ask the model to transcribe
   * the input (`runConfig.inputAudioTranscription`); then a transcriber
   * without `speechToText` throws `ServiceNotConfiguredError` (service
   * `speechToText`, naming Google Cloud Speech-to-Text, which adk-python
   * uses) and leaves the cache as it was. With input transcription on, the
   * cache holds the model's transcriptions and no service is needed.
   */
  async transcribeFile(context: InvocationContext): Promise<Content[]> {
    const pieces = bundle(context);
    const contents: Content[] = [];
    for (const piece of pieces) {
      if ('content' in piece) {
        contents.push(piece.content);
        continue;
      }
      if (!this.speechToText) {
        throw new ServiceNotConfiguredError({
          service: 'speechToText',
          message:
            'The transcription cache holds audio, and this AudioTranscriber has no speechToText ' +
            'service to turn it into text (adk-python uses Google Cloud Speech-to-Text). Give one, ' +
            "or set runConfig.inputAudioTranscription so the live model transcribes the user's audio.",
        });
      }
      const text = await this.speechToText({ audio: piece.audio, role: piece.role });
      contents.push({ ...(piece.role ? { role: piece.role } : {}), parts: [{ text }] });
    }
    context.transcriptionCache.length = 0;
    return contents;
  }
}

/** A piece of the transcript: a content as cached, or one speaker's audio clip. */
type TranscriptPiece = { content: Content } | { audio: Blob; role: string | undefined };

/** The cache with each run of one speaker's audio chunks joined into one clip. */
function bundle(context: InvocationContext): TranscriptPiece[] {
  const pieces: TranscriptPiece[] = [];
  let clip:
    { role: string | undefined; mimeType: string | undefined; chunks: Buffer[] } | undefined;
  const endClip = (): void => {
    if (!clip) return;
    const audio: Blob = { data: Buffer.concat(clip.chunks).toString('base64') };
    if (clip.mimeType) audio.mimeType = clip.mimeType;
    pieces.push({ audio, role: clip.role });
    clip = undefined;
  };
  for (const entry of context.transcriptionCache) {
    if (!isBlob(entry.data)) {
      endClip();
      pieces.push({ content: entry.data });
      continue;
    }
    if (!entry.data.data) continue;
    if (clip && clip.role !== entry.role) endClip();
    clip ??= { role: entry.role, mimeType: entry.data.mimeType, chunks: [] };
    clip.chunks.push(Buffer.from(entry.data.data, 'base64'));
  }
  endClip();
  return pieces;
}

/** A cached entry's data is audio when it is not a content (contents have parts or a role). */
function isBlob(data: Blob | Content): data is Blob {
  return !('parts' in data) && !('role' in data);
}
