/**
 * Testing your own code with the package's test support: the scripted model
 * answers from a script and records what it was sent; the shared suite checks
 * a session backend against every rule the in-memory one follows.
 *
 * Run: npx vitest run examples/testing
 */
import { createLlmRequest, InMemorySessionService } from '@adk-ts/adk';
import { functionCallResponse, ScriptedLlm, textResponse } from '@adk-ts/adk/testing';
import { runSessionServiceSuite } from '@adk-ts/adk/testing/suites';
import { describe, expect, it } from 'vitest';

describe('a scripted model', () => {
  it('answers in order and records requests', async () => {
    const model = new ScriptedLlm({
      responses: [functionCallResponse('lookup', { id: 7 }), textResponse('Found it.')],
    });
    const answers = [];
    for (const text of ['find 7', 'thanks']) {
      const request = createLlmRequest({ contents: [{ role: 'user', parts: [{ text }] }] });
      for await (const response of model.generateContentAsync(request)) answers.push(response);
    }
    expect(answers[1]).toEqual(textResponse('Found it.'));
    expect(model.requests.map((request) => request.contents[0]?.parts?.[0]?.text)).toEqual([
      'find 7',
      'thanks',
    ]);
  });
});

// A custom backend would pass its own factory here.
runSessionServiceSuite('InMemorySessionService (example)', async () => ({
  service: new InMemorySessionService(),
}));
