import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { Session } from '../sessions/session.js';
import type { Part } from '../types/index.js';

/**
 * Saves each inline-data part of a new user message as an artifact named
 * `artifact_{invocationId}_{index}` and replaces it, in `parts`, with a
 * text part naming it (Python `_append_new_message_to_session` with
 * `save_input_blobs_as_artifacts`).
 */
export async function saveInputBlobsAsArtifacts(
  artifactService: BaseArtifactService,
  session: Session,
  invocationId: string,
  parts: Part[],
): Promise<void> {
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (!part.inlineData) continue;
    const filename = `artifact_${invocationId}_${index}`;
    await artifactService.saveArtifact({
      appName: session.appName,
      userId: session.userId,
      sessionId: session.id,
      filename,
      artifact: part,
    });
    parts[index] = { text: `Uploaded file: ${filename}. It is saved into artifacts` };
  }
}
