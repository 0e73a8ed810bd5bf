import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplayVerificationError } from '../../src/errors/replay-verification-error.js';
import { createLlmRequest } from '../../src/models/llm-request.js';
import {
  dumpLlmRequest,
  findConformanceCorpus,
  readConformanceCase,
  ReplaySession,
  runConformanceCase,
  type Recordings,
} from '../../src/testing/conformance/index.js';
import { FunctionTool } from '../../src/tools/function-tool.js';

/*
 * The replay harness itself: it must notice a request, a tool call or a
 * session that departs from the recording, or the corpus test proves nothing.
 */

function recordings(): Recordings {
  return {
    recordings: [
      {
        user_message_index: 0,
        agent_name: 'a',
        llm_recording: {
          llm_request: {
            model: 'gemini-2.5-flash',
            contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
            config: {
              system_instruction: 'Be brief.',
              labels: { adk_agent_name: 'a' },
              http_options: { headers: { 'user-agent': 'python' } },
            },
            live_connect_config: { input_audio_transcription: {} },
          },
          llm_response: {
            content: { role: 'model', parts: [{ function_call: { name: 'f', args: { x_y: 1 } } }] },
            finish_reason: 'STOP',
            usage_metadata: { prompt_token_count: 3 },
          },
        },
      },
      {
        user_message_index: 0,
        agent_name: 'a',
        tool_recording: {
          tool_call: { id: 'adk-1', name: 'f', args: { x_y: 1 } },
          tool_response: { id: 'adk-1', name: 'f', response: { result: null } },
        },
      },
    ],
  };
}

function request(systemInstruction: string) {
  return createLlmRequest({
    model: 'gemini-2.5-flash',
    contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    config: { systemInstruction, labels: { adk_agent_name: 'a' } },
    toolsDict: {
      f: new FunctionTool({ name: 'f', description: 'F.', execute: () => undefined }),
    },
  });
}

describe('ReplaySession', () => {
  it('accepts an equal request (ignoring labels, http_options, live_connect_config) and answers camelCase', () => {
    const session = new ReplaySession(recordings());
    const [response] = session.nextLlmResponses('a', request('Be brief.'));
    expect(response).toEqual({
      content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { x_y: 1 } } }] },
      finishReason: 'STOP',
      usageMetadata: { promptTokenCount: 3 },
    });
    expect(session.nextToolResponse('a', 'f', { x_y: 1 })).toEqual({ result: null });
    expect(session.unusedRecordings()).toEqual([]);
  });

  it('throws on a request mismatch by default, with the path that differs', () => {
    const session = new ReplaySession(recordings());
    expect(() => session.nextLlmResponses('a', request('Be long.'))).toThrow(
      /LLM request mismatch for agent 'a'[\s\S]*config\.system_instruction/,
    );
  });

  it('collects mismatches and goes on in collect mode', () => {
    const session = new ReplaySession(recordings(), { onMismatch: 'collect' });
    session.nextLlmResponses('a', request('Be long.'));
    session.nextToolResponse('a', 'f', { x_y: 2 });
    expect(session.mismatches.map((mismatch) => mismatch.message)).toEqual([
      expect.stringContaining('LLM request mismatch'),
      expect.stringContaining('Tool args mismatch'),
    ]);
  });

  it('throws when an agent calls more than was recorded, or calls the other kind', () => {
    const session = new ReplaySession(recordings());
    expect(() => session.nextToolResponse('a', 'f', {})).toThrow(/Expected tool recording/);
    expect(() => session.nextLlmResponses('b', request('x'))).toThrow(ReplayVerificationError);
    session.startTurn(1);
    expect(() => session.nextLlmResponses('a', request('Be brief.'))).toThrow(
      /more requests than expected/,
    );
  });

  it('reports the recordings a turn left unused', () => {
    const session = new ReplaySession(recordings());
    session.nextLlmResponses('a', request('Be brief.'));
    expect(session.unusedRecordings()).toHaveLength(1);
  });

  it('dumps a request without tools_dict and the ignored fields', () => {
    expect(dumpLlmRequest(request('Be brief.'))).toEqual({
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      config: { system_instruction: 'Be brief.' },
    });
  });
});

const corpusDir = findConformanceCorpus(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
);

describe.skipIf(!corpusDir)('runConformanceCase on a tampered copy of a case', () => {
  let copy: string | undefined;
  afterEach(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('reports a changed recorded request and a changed recorded session', async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'adk-conformance-'));
    await cp(path.join(corpusDir!, 'agents'), path.join(copy, 'agents'), { recursive: true });
    const name = 'core/generate_content_config_001';
    const caseDir = path.join(copy, 'tests', name);
    await cp(path.join(corpusDir!, 'tests', name), caseDir, { recursive: true });
    const recordingsFile = path.join(caseDir, 'generated-recordings.yaml');
    await writeFile(
      recordingsFile,
      (await readFile(recordingsFile, 'utf8')).replace('temperature: 0.9', 'temperature: 0.8'),
    );
    const sessionFile = path.join(caseDir, 'generated-session.yaml');
    await writeFile(
      sessionFile,
      (await readFile(sessionFile, 'utf8')).replace('finish_reason: STOP', 'finish_reason: OTHER'),
    );

    const result = await runConformanceCase(copy, await readConformanceCase(copy, name));
    expect(result.mismatches).toHaveLength(1);
    expect(result.mismatches[0]!.message).toMatch(/config\.temperature[\s\S]*0\.8[\s\S]*0\.9/);
    expect(result.actualEvents).not.toEqual(result.expectedEvents);
  });
});
