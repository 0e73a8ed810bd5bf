import type { Content, Transcription } from '../../types/index.js';

/** An event as the history pipeline sees it: session events and the ones it derives. */
export interface HistoryEvent {
  readonly author: string;
  readonly timestamp: number;
  readonly branch?: string | undefined;
  readonly content?: Content | undefined;
  readonly inputTranscription?: Transcription | undefined;
  readonly outputTranscription?: Transcription | undefined;
}
