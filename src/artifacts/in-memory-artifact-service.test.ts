import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidArtifactIdError } from '../errors/invalid-artifact-id-error.js';
import { runArtifactServiceSuite } from '../testing/artifact-service-suite.js';
import type { Part } from '../types/index.js';
import { InMemoryArtifactService } from './in-memory-artifact-service.js';

runArtifactServiceSuite('InMemoryArtifactService', () => new InMemoryArtifactService());

const scope = { appName: 'app0', userId: 'user0', sessionId: 'sess0' };

function text(value: string): Part {
  return { text: value };
}

function reference(uri: string): Part {
  return { fileData: { fileUri: uri, mimeType: 'text/plain' } };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('InMemoryArtifactService (Python in_memory_artifact_service.py specifics)', () => {
  it('in_memory_artifact_service: canonicalUri of a session-scoped version is memory://apps/<app>/users/<user>/sessions/<session>/artifacts/<name>/versions/<n>', async () => {
    const service = new InMemoryArtifactService();
    await service.saveArtifact({ ...scope, filename: 'report.txt', artifact: text('a') });
    await service.saveArtifact({ ...scope, filename: 'report.txt', artifact: text('b') });
    const versions = await service.listArtifactVersions({ ...scope, filename: 'report.txt' });
    expect(versions.map((version) => version.canonicalUri)).toEqual([
      'memory://apps/app0/users/user0/sessions/sess0/artifacts/report.txt/versions/0',
      'memory://apps/app0/users/user0/sessions/sess0/artifacts/report.txt/versions/1',
    ]);
  });

  it('in_memory_artifact_service: canonicalUri of a user: version omits the session and keeps the prefix', async () => {
    const service = new InMemoryArtifactService();
    await service.saveArtifact({ ...scope, filename: 'user:document.pdf', artifact: text('a') });
    expect(
      (await service.getArtifactVersion({ ...scope, filename: 'user:document.pdf' }))?.canonicalUri,
    ).toBe('memory://apps/app0/users/user0/artifacts/user:document.pdf/versions/0');
  });

  it('test_list_artifact_versions_and_get_artifact_version: an ArtifactVersion has exactly version, canonicalUri, customMetadata, createTime, mimeType', async () => {
    const service = new InMemoryArtifactService();
    await service.saveArtifact({
      ...scope,
      filename: 'a.txt',
      artifact: text('x'),
      customMetadata: { key: 'value0' },
    });
    const version = await service.getArtifactVersion({ ...scope, filename: 'a.txt' });
    expect(version).toEqual({
      version: 0,
      canonicalUri: 'memory://apps/app0/users/user0/sessions/sess0/artifacts/a.txt/versions/0',
      customMetadata: { key: 'value0' },
      createTime: expect.any(Number),
      mimeType: 'text/plain',
    });
    expect(Math.abs((version?.createTime ?? 0) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('in_memory_artifact_service: a negative version counts from the newest, as Python list indexing', async () => {
    const service = new InMemoryArtifactService();
    for (const value of ['v0', 'v1', 'v2'])
      await service.saveArtifact({ ...scope, filename: 'a.txt', artifact: text(value) });
    expect(await service.loadArtifact({ ...scope, filename: 'a.txt', version: -1 })).toEqual(
      text('v2'),
    );
    expect(await service.loadArtifact({ ...scope, filename: 'a.txt', version: -3 })).toEqual(
      text('v0'),
    );
    expect(
      await service.loadArtifact({ ...scope, filename: 'a.txt', version: -4 }),
    ).toBeUndefined();
    expect(
      (await service.getArtifactVersion({ ...scope, filename: 'a.txt', version: -2 }))?.version,
    ).toBe(1);
    expect(
      await service.getArtifactVersion({ ...scope, filename: 'a.txt', version: -4 }),
    ).toBeUndefined();
  });

  it('in_memory_artifact_service: a version that is not an integer matches nothing', async () => {
    const service = new InMemoryArtifactService();
    await service.saveArtifact({ ...scope, filename: 'a.txt', artifact: text('v0') });
    expect(
      await service.loadArtifact({ ...scope, filename: 'a.txt', version: 0.5 }),
    ).toBeUndefined();
    expect(
      await service.getArtifactVersion({ ...scope, filename: 'a.txt', version: Number.NaN }),
    ).toBeUndefined();
  });

  it('in_memory_artifact_service: empty text and inline data without bytes are stored but load as undefined', async () => {
    const service = new InMemoryArtifactService();
    expect(
      await service.saveArtifact({ ...scope, filename: 'empty.txt', artifact: text('') }),
    ).toBe(0);
    expect(
      await service.saveArtifact({
        ...scope,
        filename: 'empty.png',
        artifact: { inlineData: { mimeType: 'image/png' } },
      }),
    ).toBe(0);
    expect(await service.loadArtifact({ ...scope, filename: 'empty.txt' })).toBeUndefined();
    expect(await service.loadArtifact({ ...scope, filename: 'empty.png' })).toBeUndefined();
    expect(await service.listVersions({ ...scope, filename: 'empty.txt' })).toEqual([0]);
    expect((await service.getArtifactVersion({ ...scope, filename: 'empty.png' }))?.mimeType).toBe(
      'image/png',
    );
  });

  it('in_memory_artifact_service: a Part with none of inlineData, text, fileData is "Not supported artifact type." and stores nothing', async () => {
    const service = new InMemoryArtifactService();
    const error = await rejection(
      service.saveArtifact({
        ...scope,
        filename: 'call',
        artifact: { functionCall: { name: 'f', args: {} } },
      }),
    );
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('Not supported artifact type.');
    expect(await service.listArtifactKeys(scope)).toEqual([]);
    expect(await service.listVersions({ ...scope, filename: 'call' })).toEqual([]);
  });

  it('artifact_util.validate_path_segment: an empty session id is "session_id must not be empty.", not a missing one', async () => {
    const service = new InMemoryArtifactService();
    await service.saveArtifact({ ...scope, filename: 'user:b.txt', artifact: text('y') });
    const calls: Array<() => Promise<unknown>> = [
      () =>
        service.saveArtifact({ ...scope, sessionId: '', filename: 'a.txt', artifact: text('x') }),
      () => service.loadArtifact({ ...scope, sessionId: '', filename: 'a.txt' }),
      () => service.listArtifactKeys({ ...scope, sessionId: '' }),
    ];
    for (const call of calls) {
      const error = await rejection(call());
      expect(InvalidArtifactIdError.isInstance(error)).toBe(true);
      expect((error as InvalidArtifactIdError).argument).toBe('sessionId');
      expect((error as Error).message).toBe('session_id must not be empty.');
    }
  });

  it.each(['user', 'user/x', 'user\\x'])(
    'test_save_artifact_rejects_reserved_user_as_session_id: saving under session %j is refused',
    async (sessionId) => {
      const service = new InMemoryArtifactService();
      const error = await rejection(
        service.saveArtifact({ ...scope, sessionId, filename: 'report.txt', artifact: text('x') }),
      );
      expect(InvalidArtifactIdError.isInstance(error)).toBe(true);
      expect((error as InvalidArtifactIdError).argument).toBe('sessionId');
      expect((error as Error).message).toBe(
        "session_id must not be or start with the reserved value 'user'.",
      );
      expect(await service.listArtifactKeys({ ...scope, sessionId })).toEqual([]);
    },
  );

  it.each(['user', 'user/x', 'user\\x'])(
    'test_read_and_delete_paths_allow_reserved_user_as_session_id: reads and deletes under session %j still work',
    async (sessionId) => {
      const service = new InMemoryArtifactService();
      const request = { ...scope, sessionId, filename: 'report.txt' };
      expect(await service.listArtifactKeys({ ...scope, sessionId })).toEqual([]);
      expect(await service.loadArtifact(request)).toBeUndefined();
      expect(await service.listVersions(request)).toEqual([]);
      expect(await service.listArtifactVersions(request)).toEqual([]);
      expect(await service.getArtifactVersion(request)).toBeUndefined();
      await expect(service.deleteArtifact(request)).resolves.toBeUndefined();
    },
  );

  it('in_memory_artifact_service: only the first segment counts as the reserved user session, and only for session-scoped names', async () => {
    const service = new InMemoryArtifactService();
    for (const sessionId of ['users1', 'User', 'team/user', ' user0']) {
      expect(
        await service.saveArtifact({ ...scope, sessionId, filename: 'a.txt', artifact: text('x') }),
      ).toBe(0);
    }
    expect(
      await service.saveArtifact({
        ...scope,
        sessionId: 'user',
        filename: 'user:profile',
        artifact: text('p'),
      }),
    ).toBe(0);
  });

  it('in_memory_artifact_service: app and user ids containing the separator do not collide', async () => {
    const service = new InMemoryArtifactService();
    await service.saveArtifact({
      appName: 'a/b',
      userId: 'c',
      sessionId: 's',
      filename: 'x',
      artifact: text('1'),
    });
    expect(
      await service.loadArtifact({ appName: 'a', userId: 'b/c', sessionId: 's', filename: 'x' }),
    ).toBeUndefined();
    expect(await service.listArtifactKeys({ appName: 'a', userId: 'b/c', sessionId: 's' })).toEqual(
      [],
    );
  });

  describe('artifact references (artifact:// fileData)', () => {
    it('test_artifact_reference_allows_same_session_scope: a reference loads the artifact it points to', async () => {
      const service = new InMemoryArtifactService();
      await service.saveArtifact({ ...scope, filename: 'source.txt', artifact: text('hello') });
      await service.saveArtifact({
        ...scope,
        filename: 'ref.txt',
        artifact: reference(
          'artifact://apps/app0/users/user0/sessions/sess0/artifacts/source.txt/versions/0',
        ),
      });
      expect(await service.loadArtifact({ ...scope, filename: 'ref.txt' })).toEqual(text('hello'));
      // Its MIME type is the target's, unknown until loaded.
      expect(
        (await service.getArtifactVersion({ ...scope, filename: 'ref.txt' }))?.mimeType,
      ).toBeUndefined();
    });

    it("test_artifact_reference_allows_same_user_user_scope: a reference may point at the user's user: artifact from another session", async () => {
      const service = new InMemoryArtifactService();
      await service.saveArtifact({
        ...scope,
        filename: 'user:profile.txt',
        artifact: text('profile'),
      });
      await service.saveArtifact({
        ...scope,
        sessionId: 'sess1',
        filename: 'ref.txt',
        artifact: reference(
          'artifact://apps/app0/users/user0/artifacts/user:profile.txt/versions/0',
        ),
      });
      expect(
        await service.loadArtifact({ ...scope, sessionId: 'sess1', filename: 'ref.txt' }),
      ).toEqual(text('profile'));
    });

    it('test_artifact_reference_rejects_cross_user_on_save / cross_app: a reference outside the app and user is rejected', async () => {
      const service = new InMemoryArtifactService();
      for (const uri of [
        'artifact://apps/app0/users/victim/artifacts/user:secret.txt/versions/0',
        'artifact://apps/other-app/users/user0/artifacts/user:secret.txt/versions/0',
      ]) {
        const error = await rejection(
          service.saveArtifact({ ...scope, filename: 'ref.txt', artifact: reference(uri) }),
        );
        expect(InvalidArgumentError.isInstance(error)).toBe(true);
        expect((error as Error).message).toBe(
          'Artifact references must stay within the same app and user scope.',
        );
      }
      expect(await service.listVersions({ ...scope, filename: 'ref.txt' })).toEqual([]);
    });

    it('artifact_util.validate_artifact_reference_scope: a reference into another session is rejected', async () => {
      const service = new InMemoryArtifactService();
      const error = await rejection(
        service.saveArtifact({
          ...scope,
          filename: 'ref.txt',
          artifact: reference(
            'artifact://apps/app0/users/user0/sessions/sess1/artifacts/source.txt/versions/0',
          ),
        }),
      );
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        'Session-scoped artifact references must stay within the same session scope.',
      );
    });

    it('test_artifact_reference_rejects_cross_session_on_load: a user: reference into one session fails when loaded from another', async () => {
      const service = new InMemoryArtifactService();
      await service.saveArtifact({ ...scope, filename: 'source.txt', artifact: text('s0 only') });
      await service.saveArtifact({
        ...scope,
        filename: 'user:ref.txt',
        artifact: reference(
          'artifact://apps/app0/users/user0/sessions/sess0/artifacts/source.txt/versions/0',
        ),
      });
      expect(await service.loadArtifact({ ...scope, filename: 'user:ref.txt' })).toEqual(
        text('s0 only'),
      );
      const error = await rejection(
        service.loadArtifact({ ...scope, sessionId: 'sess1', filename: 'user:ref.txt' }),
      );
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
    });

    it('in_memory_artifact_service: an artifact:// URI that does not parse is "Invalid artifact reference URI"', async () => {
      const service = new InMemoryArtifactService();
      const error = await rejection(
        service.saveArtifact({
          ...scope,
          filename: 'ref.txt',
          artifact: reference('artifact://not/a/valid/uri'),
        }),
      );
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        'Invalid artifact reference URI: artifact://not/a/valid/uri',
      );
    });

    it('test_in_memory_loads_nested_artifact_reference: a reference may name a nested artifact', async () => {
      const service = new InMemoryArtifactService();
      await service.saveArtifact({
        ...scope,
        filename: 'folder/file456',
        artifact: text('target'),
      });
      await service.saveArtifact({
        ...scope,
        filename: 'reference',
        artifact: reference(
          'artifact://apps/app0/users/user0/sessions/sess0/artifacts/folder/file456/versions/0',
        ),
      });
      expect(await service.loadArtifact({ ...scope, filename: 'reference' })).toEqual(
        text('target'),
      );
    });

    it('test_artifact_reference_allows_padded_session_id_at_call_site: a padded session id matches the trimmed one of a reference', async () => {
      const service = new InMemoryArtifactService();
      const padded = { ...scope, sessionId: 'sess0\n' };
      await service.saveArtifact({ ...padded, filename: 'source.txt', artifact: text('hello') });
      await service.saveArtifact({
        ...padded,
        filename: 'ref.txt',
        artifact: reference(
          'artifact://apps/app0/users/user0/sessions/sess0/artifacts/source.txt/versions/0',
        ),
      });
      expect(await service.loadArtifact({ ...padded, filename: 'ref.txt' })).toEqual(text('hello'));
    });

    it('in_memory_artifact_service: a reference whose target name is unsafe is an InvalidArtifactNameError on load', async () => {
      const service = new InMemoryArtifactService();
      await service.saveArtifact({
        ...scope,
        filename: 'ref.txt',
        artifact: reference(
          'artifact://apps/app0/users/user0/sessions/sess0/artifacts/../escape/versions/0',
        ),
      });
      const error = await rejection(service.loadArtifact({ ...scope, filename: 'ref.txt' }));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        "filename '../escape' must not contain traversal segments.",
      );
    });

    it('in_memory_artifact_service: a reference to a missing version loads as undefined', async () => {
      const service = new InMemoryArtifactService();
      await service.saveArtifact({
        ...scope,
        filename: 'ref.txt',
        artifact: reference(
          'artifact://apps/app0/users/user0/sessions/sess0/artifacts/missing.txt/versions/0',
        ),
      });
      expect(await service.loadArtifact({ ...scope, filename: 'ref.txt' })).toBeUndefined();
    });

    it('ARCHITECTURE §4: a cycle of references is an InvalidArgumentError, not endless recursion', async () => {
      const service = new InMemoryArtifactService();
      const uri = (name: string) =>
        `artifact://apps/app0/users/user0/sessions/sess0/artifacts/${name}/versions/0`;
      await service.saveArtifact({ ...scope, filename: 'a', artifact: reference(uri('b')) });
      await service.saveArtifact({ ...scope, filename: 'b', artifact: reference(uri('a')) });
      const error = await rejection(service.loadArtifact({ ...scope, filename: 'a' }));
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
    });
  });
});
