import { describe, expect, it } from 'vitest';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { Content } from '../types/index.js';
import {
  recordingModel,
  recordingRunner,
  rewindIds,
  runRecordedTurns,
} from './rewind-test-fixtures.js';

// Source: adk-python runners.py `rewind_async` writes the rewind event and
// flows/llm_flows/contents.py (spec 000 §4.1 step 1) drops the rewound
// invocations: the two meet here, on the LlmRequest the next turn sends.

/** The role and, per part, the text or whether it is the call or the response of each part of each content. */
function outline(contents: readonly Content[]) {
  return contents.map((content) => ({
    role: content.role,
    parts: (content.parts ?? []).map((part) =>
      typeof part.text === 'string'
        ? part.text
        : part.functionCall
          ? 'call record_turn'
          : 'response record_turn',
    ),
  }));
}

describe('a turn after Runner.rewindAsync', () => {
  it('sends the model the history without the rewound invocations', async () => {
    const model = recordingModel();
    const runner = recordingRunner(
      new InMemorySessionService(),
      new InMemoryArtifactService(),
      model,
    );
    const { invocationIds } = await runRecordedTurns(runner, 'contents', 3);
    await runner.rewindAsync({
      userId: rewindIds.userId,
      sessionId: 'contents',
      rewindBeforeInvocationId: invocationIds[1]!,
    });
    const callsBefore = model.requests.length;

    for await (const _event of runner.runAsync({
      userId: rewindIds.userId,
      sessionId: 'contents',
      newMessage: { role: 'user', parts: [{ text: 'after the rewind' }] },
    })) {
      // drained
    }

    const request = model.requests[callsBefore]!;
    expect(outline(request.contents)).toEqual([
      { role: 'user', parts: ['turn 0'] },
      { role: 'model', parts: ['call record_turn'] },
      { role: 'user', parts: ['response record_turn'] },
      { role: 'model', parts: ['done 0'] },
      { role: 'user', parts: ['after the rewind'] },
    ]);
    // The same history without the rewind would hold turns 1 and 2.
    expect(outline(model.requests[callsBefore - 1]!.contents)).toContainEqual({
      role: 'user',
      parts: ['turn 2'],
    });
  });
});
