import { afterEach, describe, expect, it } from 'vitest';
import type { ArtifactVersion, LoadArtifactRequest } from '../artifacts/base-artifact-service.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import type { Content, Part } from '../types/index.js';
import { setLogger } from '../utils/logger.js';
import { runTurns } from './bundled-plugins-test-fixtures.js';
import {
  isModelAccessibleUri,
  SaveFilesAsArtifactsPlugin,
} from './save-files-as-artifacts-plugin.js';

// Python: plugins/save_files_as_artifacts_plugin.py and its unit tests.

const PDF = Buffer.from('%PDF-1.7 report').toString('base64');
const PNG = Buffer.from('png bytes').toString('base64');

function upload(...parts: Part[]): Content {
  return { role: 'user', parts: [{ text: 'Please read these.' }, ...parts] };
}

/** An artifact service that publishes its artifacts at https URLs, as a cloud bucket would. */
class PublishedArtifactService extends InMemoryArtifactService {
  override async getArtifactVersion(
    request: LoadArtifactRequest,
  ): Promise<ArtifactVersion | undefined> {
    const version = await super.getArtifactVersion(request);
    if (!version) return undefined;
    return {
      ...version,
      canonicalUri: `https://files.example.com/${request.filename}/v${version.version}`,
    };
  }
}

function captureLogs(): { warn: string[]; error: string[]; info: string[] } {
  const logs = { warn: [] as string[], error: [] as string[], info: [] as string[] };
  setLogger({
    debug: () => undefined,
    info: (message) => logs.info.push(message),
    warn: (message) => logs.warn.push(message),
    error: (message) => logs.error.push(message),
  });
  return logs;
}

afterEach(() => setLogger());

describe('SaveFilesAsArtifactsPlugin (Python save_files_as_artifacts_plugin)', () => {
  it('saves uploads as artifacts and puts placeholders in the message', async () => {
    const artifactService = new InMemoryArtifactService();
    const model = new ScriptedLlm({ responses: [textResponse('read')] });
    const report: Part = {
      inlineData: { mimeType: 'application/pdf', data: PDF, displayName: 'report.pdf' },
    };
    const { turns, runner } = await runTurns(
      { plugins: [new SaveFilesAsArtifactsPlugin()], model, artifactService },
      [upload(report, { inlineData: { mimeType: 'image/png', data: PNG } })],
    );
    const invocationId = turns[0]![0]!.invocationId;
    const placeholders = [
      { text: 'Please read these.' },
      { text: '[Uploaded Artifact: "report.pdf"]' },
      { text: `[Uploaded Artifact: "artifact_${invocationId}_2"]` },
    ];
    // The model sees placeholders (in-memory URIs are not model-accessible: no file reference).
    expect(model.requests[0]!.contents).toEqual([{ role: 'user', parts: placeholders }]);
    const session = await runner.sessionService.getSession({
      appName: 'test_app',
      userId: 'u',
      sessionId: 's',
    });
    expect(session?.events[0]?.content).toEqual({ role: 'user', parts: placeholders });
    const key = { appName: 'test_app', userId: 'u', sessionId: 's' };
    expect(await artifactService.loadArtifact({ ...key, filename: 'report.pdf' })).toEqual(report);
    expect(
      await artifactService.loadArtifact({ ...key, filename: `artifact_${invocationId}_2` }),
    ).toEqual({ inlineData: { mimeType: 'image/png', data: PNG } });
  });

  it('overwrites a same-named upload with a new version; user: names are user-scoped', async () => {
    const artifactService = new InMemoryArtifactService();
    const model = new ScriptedLlm({ responses: [textResponse('1'), textResponse('2')] });
    const named = (name: string, data: string): Part => ({
      inlineData: { mimeType: 'text/plain', data, displayName: name },
    });
    await runTurns({ plugins: [new SaveFilesAsArtifactsPlugin()], model, artifactService }, [
      upload(named('notes.txt', 'djE='), named('user:cv.txt', 'Y3Y=')),
      upload(named('notes.txt', 'djI=')),
    ]);
    const key = { appName: 'test_app', userId: 'u', filename: 'notes.txt', sessionId: 's' };
    expect(await artifactService.listVersions(key)).toEqual([0, 1]);
    expect(
      await artifactService.listArtifactKeys({
        appName: 'test_app',
        userId: 'u',
        sessionId: 'other',
      }),
    ).toEqual(['user:cv.txt']);
  });

  it('adds a file reference when the artifact lives at a model-accessible URI', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('seen')] });
    const report: Part = {
      inlineData: { mimeType: 'application/pdf', data: PDF, displayName: 'report.pdf' },
    };
    await runTurns(
      {
        plugins: [new SaveFilesAsArtifactsPlugin()],
        model,
        artifactService: new PublishedArtifactService(),
      },
      [upload(report)],
    );
    expect(model.requests[0]!.contents[0]!.parts).toEqual([
      { text: 'Please read these.' },
      { text: '[Uploaded Artifact: "report.pdf"]' },
      {
        fileData: {
          fileUri: 'https://files.example.com/report.pdf/v0',
          mimeType: 'application/pdf',
          displayName: 'report.pdf',
        },
      },
    ]);
  });

  it('adds no file reference when attachFileReference is false', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('seen')] });
    const report: Part = {
      inlineData: { mimeType: 'application/pdf', data: PDF, displayName: 'report.pdf' },
    };
    await runTurns(
      {
        plugins: [new SaveFilesAsArtifactsPlugin({ attachFileReference: false })],
        model,
        artifactService: new PublishedArtifactService(),
      },
      [upload(report)],
    );
    expect(model.requests[0]!.contents[0]!.parts).toEqual([
      { text: 'Please read these.' },
      { text: '[Uploaded Artifact: "report.pdf"]' },
    ]);
  });

  it('keeps a part whose save fails, and logs it', async () => {
    const logs = captureLogs();
    const model = new ScriptedLlm({ responses: [textResponse('ok')] });
    const bad: Part = {
      inlineData: { mimeType: 'text/plain', data: 'eA==', displayName: '../escape' },
    };
    const good: Part = {
      inlineData: { mimeType: 'text/plain', data: 'eQ==', displayName: 'ok.txt' },
    };
    await runTurns({ plugins: [new SaveFilesAsArtifactsPlugin()], model }, [upload(bad, good)]);
    expect(model.requests[0]!.contents[0]!.parts).toEqual([
      { text: 'Please read these.' },
      bad,
      { text: '[Uploaded Artifact: "ok.txt"]' },
    ]);
    expect(logs.error).toHaveLength(1);
    expect(logs.error[0]).toMatch(/^Failed to save artifact for part 1: /);
    expect(logs.info).toContain('Successfully saved artifact: ok.txt');
  });

  it('without an artifact service, warns and leaves the message as it is', async () => {
    const logs = captureLogs();
    const model = new ScriptedLlm({ responses: [textResponse('ok')] });
    const report: Part = {
      inlineData: { mimeType: 'application/pdf', data: PDF, displayName: 'report.pdf' },
    };
    await runTurns({ plugins: [new SaveFilesAsArtifactsPlugin()], model, artifactService: null }, [
      upload(report),
    ]);
    expect(logs.warn).toContain(
      'Artifact service is not set. SaveFilesAsArtifactsPlugin will not be enabled.',
    );
    expect(model.requests[0]!.contents[0]!.parts).toEqual([{ text: 'Please read these.' }, report]);
  });

  it('leaves a message without files alone', async () => {
    const model = new ScriptedLlm({ responses: [textResponse('ok')] });
    await runTurns({ plugins: [new SaveFilesAsArtifactsPlugin()], model }, ['just text']);
    expect(model.requests[0]!.contents).toEqual([{ role: 'user', parts: [{ text: 'just text' }] }]);
  });

  it('knows which URIs a model can read', () => {
    expect(isModelAccessibleUri('gs://bucket/a')).toBe(true);
    expect(isModelAccessibleUri('HTTPS://x/a')).toBe(true);
    expect(isModelAccessibleUri('http://x/a')).toBe(true);
    expect(isModelAccessibleUri('memory://apps/a')).toBe(false);
    expect(isModelAccessibleUri('file:///tmp/a')).toBe(false);
    expect(isModelAccessibleUri('no-scheme')).toBe(false);
    expect(new SaveFilesAsArtifactsPlugin().name).toBe('save_files_as_artifacts_plugin');
  });
});
