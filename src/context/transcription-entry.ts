import type { Blob, Content } from '../types/index.js';

/**
 * One piece of a live turn kept for its transcript (Python
 * `TranscriptionEntry`, spec 004 §5), accumulated in
 * `InvocationContext.transcriptionCache`: raw audio (`Blob`) or content
 * already in text. `role` is `user` for the user's audio, `model` for the
 * model's, and absent for function calls and responses, which nobody spoke.
 */
export interface TranscriptionEntry {
  role?: string;
  data: Blob | Content;
}
