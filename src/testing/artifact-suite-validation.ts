import type { ArtifactKey } from '../artifacts/base-artifact-service.js';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidArtifactIdError } from '../errors/invalid-artifact-id-error.js';
import { InvalidArtifactNameError } from '../errors/invalid-artifact-name-error.js';
import {
  app,
  compareCodePoints,
  key,
  rejection,
  session,
  text,
  user,
  type MakeArtifactService,
} from './artifact-suite-support.js';

/** File-name and id validation, with Python's messages: cases every artifact store shares. */
export function describeArtifactValidation(makeService: MakeArtifactService): void {
  describe('names', () => {
    // Python `_validate_filename`: [name, the message it raises].
    const invalidNames: Array<[string, string]> = [
      ['', 'filename must not be empty.'],
      ['user:', 'filename must not be empty.'],
      ['nul\0byte', 'filename must not contain null bytes.'],
      ['user:a\0b', 'filename must not contain null bytes.'],
      ['/etc/passwd', "filename '/etc/passwd' must be a relative path."],
      ['/absolute/path.txt', "filename '/absolute/path.txt' must be a relative path."],
      ['user:/absolute/path.txt', "filename 'user:/absolute/path.txt' must be a relative path."],
      ['\\rooted\\file.txt', "filename '\\\\rooted\\\\file.txt' must be a relative path."],
      [
        '\\\\server\\share\\file.txt',
        "filename '\\\\\\\\server\\\\share\\\\file.txt' must be a relative path.",
      ],
      ['//server/share/file.txt', "filename '//server/share/file.txt' must be a relative path."],
      ['C:\\absolute\\path.txt', "filename 'C:\\\\absolute\\\\path.txt' must be a relative path."],
      ['C:/absolute/path.txt', "filename 'C:/absolute/path.txt' must be a relative path."],
      ['C:drive-relative.txt', "filename 'C:drive-relative.txt' must be a relative path."],
      ['user:c:x', "filename 'user:c:x' must be a relative path."],
      ['.', "filename '.' must not contain traversal segments."],
      ['..', "filename '..' must not contain traversal segments."],
      ['user:..', "filename 'user:..' must not contain traversal segments."],
      ['../escape.txt', "filename '../escape.txt' must not contain traversal segments."],
      ['..\\escape.txt', "filename '..\\\\escape.txt' must not contain traversal segments."],
      [
        'folder/../alias.txt',
        "filename 'folder/../alias.txt' must not contain traversal segments.",
      ],
      [
        'folder\\..\\alias.txt',
        "filename 'folder\\\\..\\\\alias.txt' must not contain traversal segments.",
      ],
      [
        'folder/..\\alias.txt',
        "filename 'folder/..\\\\alias.txt' must not contain traversal segments.",
      ],
      ['folder/./file.txt', "filename 'folder/./file.txt' must not contain traversal segments."],
      ['folder/.', "filename 'folder/.' must not contain traversal segments."],
      ['user:../escape.txt', "filename 'user:../escape.txt' must not contain traversal segments."],
      [
        'user:folder\\..\\alias.txt',
        "filename 'user:folder\\\\..\\\\alias.txt' must not contain traversal segments.",
      ],
    ];

    it.each(invalidNames)(
      'fsspec_artifact_service._validate_filename: the unsafe name %j is rejected by every method with InvalidArtifactNameError (%s)',
      async (filename, message) => {
        const service = await makeService();
        const target = key(filename);
        const calls: Array<() => Promise<unknown>> = [
          () => service.saveArtifact({ ...target, artifact: text('x') }),
          () => service.loadArtifact(target),
          () => service.deleteArtifact(target),
          () => service.listVersions(target),
          () => service.listArtifactVersions(target),
          () => service.getArtifactVersion(target),
        ];
        for (const call of calls) {
          const error = await rejection(call());
          expect(InvalidArtifactNameError.isInstance(error)).toBe(true);
          // Also an InvalidArgumentError, so callers mapping bad input to 4xx catch it.
          expect(InvalidArgumentError.isInstance(error)).toBe(true);
          expect((error as InvalidArtifactNameError).filename).toBe(filename);
          expect((error as InvalidArtifactNameError).argument).toBe('filename');
          expect((error as Error).message).toBe(message);
        }
        expect(
          await service.listArtifactKeys({ appName: app, userId: user, sessionId: session }),
        ).toEqual([]);
      },
    );

    it('test_list_versions / test_file_metadata_camelcase: nested names, dots, spaces, colons, backslashes and non-ASCII letters stay valid', async () => {
      const service = await makeService();
      const names = [
        'folder/file456',
        'docs/report.txt',
        'with/slash/filename',
        'user:docs/a.txt',
        'docs/versions/v2.md',
        'sessions/sess1/artifacts/data.txt',
        'a\\b',
        'report..v2.txt',
        '.hidden',
        'folder/.hidden',
        'user:.profile',
        'my file (1).txt',
        'notes:draft',
        'notes#1?v=100%real name.txt',
        'résumé.pdf',
      ];
      for (const filename of names) {
        expect(await service.saveArtifact({ ...key(filename), artifact: text(filename) })).toBe(0);
        expect(await service.loadArtifact(key(filename))).toEqual(text(filename));
        expect(await service.listVersions(key(filename))).toEqual([0]);
      }
      expect(
        await service.listArtifactKeys({ appName: app, userId: user, sessionId: session }),
      ).toEqual([...names].sort(compareCodePoints));
    });
  });

  describe('nested names', () => {
    it('test_nested_artifact_does_not_leak_versions_into_parent: doc/nested adds no versions to doc', async () => {
      const service = await makeService();
      await service.saveArtifact({ ...key('doc'), artifact: text('parent v0') });
      for (let index = 0; index < 3; index += 1) {
        await service.saveArtifact({ ...key('doc/nested'), artifact: text(`nested v${index}`) });
      }
      expect(await service.listVersions(key('doc'))).toEqual([0]);
      expect(await service.loadArtifact(key('doc'))).toEqual(text('parent v0'));
      expect(await service.saveArtifact({ ...key('doc'), artifact: text('parent v1') })).toBe(1);
      expect(await service.listVersions(key('doc/nested'))).toEqual([0, 1, 2]);
    });

    it('test_list_artifact_versions_excludes_nested_artifact: version metadata of doc/nested is not listed under doc', async () => {
      const service = await makeService();
      for (const filename of ['doc', 'doc/nested']) {
        await service.saveArtifact({ ...key(filename), artifact: text(filename) });
      }
      const versions = await service.listArtifactVersions(key('doc'));
      expect(versions.map((version) => version.version)).toEqual([0]);
      expect(versions[0]?.canonicalUri).toBe(
        (await service.getArtifactVersion(key('doc')))?.canonicalUri,
      );
      expect(versions[0]?.canonicalUri).not.toBe(
        (await service.getArtifactVersion(key('doc/nested')))?.canonicalUri,
      );
    });

    it('test_delete_artifact_keeps_nested_artifact: deleting doc leaves doc/nested', async () => {
      const service = await makeService();
      await service.saveArtifact({ ...key('doc'), artifact: text('parent v0') });
      await service.saveArtifact({ ...key('doc/nested'), artifact: text('nested v0') });
      await service.deleteArtifact(key('doc'));
      expect(await service.listVersions(key('doc'))).toEqual([]);
      expect(await service.loadArtifact(key('doc/nested'))).toEqual(text('nested v0'));
    });

    it('test_list_keys_includes_nested_artifact: listArtifactKeys lists doc and doc/nested', async () => {
      const service = await makeService();
      for (const filename of ['doc', 'doc/nested', 'user:docs/a.txt']) {
        await service.saveArtifact({ ...key(filename), artifact: text(filename) });
      }
      expect(
        await service.listArtifactKeys({ appName: app, userId: user, sessionId: session }),
      ).toEqual(['doc', 'doc/nested', 'user:docs/a.txt']);
    });

    it('spec 002 §10: a nested user: name is shared across sessions like any user: name', async () => {
      const service = await makeService();
      await service.saveArtifact({ ...key('user:docs/a.txt', 's1'), artifact: text('shared') });
      expect(await service.loadArtifact(key('user:docs/a.txt', 's2'))).toEqual(text('shared'));
      expect(await service.loadArtifact(key('user:docs/a.txt', null))).toEqual(text('shared'));
    });
  });

  describe('ids', () => {
    // Python INVALID_PATH_SEGMENT_CASES of test_artifact_service.py (plus
    // the extra cases of test_artifact_util.py): [id, the end of the message
    // `validate_path_segment` raises, after `<field> ` or `<field> <repr> `].
    const invalidIds: Array<[string, string]> = [
      ['', 'must not be empty.'],
      ['null\0byte', 'must not contain null bytes.'],
      ['/etc/passwd', "'/etc/passwd' must not be an absolute path or start with a slash."],
      ['/leading/slash', "'/leading/slash' must not be an absolute path or start with a slash."],
      [
        '\\leading\\backslash',
        "'\\\\leading\\\\backslash' must not be an absolute path or start with a slash.",
      ],
      ['C:\\absolute', "'C:\\\\absolute' must not be drive-qualified."],
      ['C:/absolute', "'C:/absolute' must not be drive-qualified."],
      ['C:drive-relative', "'C:drive-relative' must not be drive-qualified."],
      ['../escape', "'../escape' must not contain traversal segments."],
      ['../../etc', "'../../etc' must not contain traversal segments."],
      ['foo/../../bar', "'foo/../../bar' must not contain traversal segments."],
      ['mixed/..\\separators', "'mixed/..\\\\separators' must not contain traversal segments."],
      ['./..\\', "'./..\\\\' must not contain traversal segments."],
      ['.\\../', "'.\\\\../' must not contain traversal segments."],
      ['..', "'..' must not contain traversal segments."],
      ['.', "'.' must not contain traversal segments."],
      ['victim/sessions/s1', "'victim/sessions/s1' must not contain reserved path segments."],
      ['victim/artifacts', "'victim/artifacts' must not contain reserved path segments."],
      ['victim/apps', "'victim/apps' must not contain reserved path segments."],
      ['victim/users', "'victim/users' must not contain reserved path segments."],
      ['victim/versions', "'victim/versions' must not contain reserved path segments."],
      ['group/sessions/123', "'group/sessions/123' must not contain reserved path segments."],
      ['has/users/slash', "'has/users/slash' must not contain reserved path segments."],
      ['back\\apps\\slash', "'back\\\\apps\\\\slash' must not contain reserved path segments."],
      ['victim/Sessions/s1', "'victim/Sessions/s1' must not contain reserved path segments."],
      ['victim/VERSIONS', "'victim/VERSIONS' must not contain reserved path segments."],
      ['victim/seßions', "'victim/seßions' must not contain reserved path segments."],
    ];
    const fields = [
      ['appName', 'app_name'],
      ['userId', 'user_id'],
      ['sessionId', 'session_id'],
    ] as const;
    const cases = fields.flatMap(([argument, field]) =>
      invalidIds.map(([value, ending]) => [argument, value, `${field} ${ending}`] as const),
    );

    function target(argument: 'appName' | 'userId' | 'sessionId', value: string): ArtifactKey {
      // A session id is only checked for session-scoped names; app and user
      // ids are checked with a user: name, as Python's tests do.
      return argument === 'sessionId'
        ? { appName: 'myapp', userId: 'user123', sessionId: value, filename: 'safe.txt' }
        : { appName: 'myapp', userId: 'user123', [argument]: value, filename: 'user:safe.txt' };
    }

    it.each(cases)(
      'test_*_rejects_traversal_in_*: %s %j is rejected by every method with InvalidArtifactIdError',
      async (argument, value, message) => {
        const service = await makeService();
        const request = target(argument, value);
        const calls: Array<() => Promise<unknown>> = [
          () => service.saveArtifact({ ...request, artifact: text('x') }),
          () => service.loadArtifact(request),
          () => service.deleteArtifact(request),
          () => service.listVersions(request),
          () => service.listArtifactVersions(request),
          () => service.getArtifactVersion(request),
          () =>
            service.listArtifactKeys({
              appName: request.appName,
              userId: request.userId,
              ...(request.sessionId === undefined ? {} : { sessionId: request.sessionId }),
            }),
        ];
        for (const call of calls) {
          const error = await rejection(call());
          expect(InvalidArtifactIdError.isInstance(error)).toBe(true);
          expect(InvalidArgumentError.isInstance(error)).toBe(true);
          expect((error as InvalidArtifactIdError).argument).toBe(argument);
          expect((error as InvalidArtifactIdError).value).toBe(value);
          expect((error as Error).message).toBe(message);
        }
      },
    );

    it('test_save_and_load_namespaced_user_id_succeeds / test_validate_path_segment_valid: slashed ids without reserved segments are accepted', async () => {
      const service = await makeService();
      const appName = 'projects/123/locations/us-central1/reasoningEngines/456';
      for (const userId of ['group/user123', 'mdbuser/username', 'back\\slash']) {
        for (const sessionId of ['sess123', 'team/sess123', './s', 'nested/app/name']) {
          const request = { appName, userId, sessionId, filename: 'safe.txt' };
          expect(await service.saveArtifact({ ...request, artifact: text(userId) })).toBe(0);
          expect(await service.loadArtifact(request)).toEqual(text(userId));
          expect(await service.listArtifactKeys({ appName, userId, sessionId })).toEqual([
            'safe.txt',
          ]);
        }
      }
    });

    it('test_file_rejects_user_id_that_collides_with_session_scope: a user id embedding /sessions/<id> cannot reach that session', async () => {
      const service = await makeService();
      await service.saveArtifact({
        appName: 'app',
        userId: 'victim',
        sessionId: 's1',
        filename: 'notes.txt',
        artifact: text('victim data'),
      });
      const error = await rejection(
        service.saveArtifact({
          appName: 'app',
          userId: 'victim/sessions/s1',
          filename: 'user:notes.txt',
          artifact: text('attacker data'),
        }),
      );
      expect(InvalidArtifactIdError.isInstance(error)).toBe(true);
      expect(
        await service.loadArtifact({
          appName: 'app',
          userId: 'victim',
          sessionId: 's1',
          filename: 'notes.txt',
        }),
      ).toEqual(text('victim data'));
    });

    it('gcs_artifact_service._get_blob_prefix / file_artifact_service._artifact_dir: app name, user id, session id, then file name are checked in turn', async () => {
      const service = await makeService();
      const bad = { appName: '..', userId: '..', sessionId: '..', filename: '..' };
      const first = await rejection(service.loadArtifact(bad));
      expect((first as InvalidArtifactIdError).argument).toBe('appName');
      const second = await rejection(service.loadArtifact({ ...bad, appName: app }));
      expect((second as InvalidArtifactIdError).argument).toBe('userId');
      const third = await rejection(service.loadArtifact({ ...bad, appName: app, userId: user }));
      expect((third as InvalidArtifactIdError).argument).toBe('sessionId');
      const fourth = await rejection(
        service.loadArtifact({ ...bad, appName: app, userId: user, sessionId: session }),
      );
      expect(InvalidArtifactNameError.isInstance(fourth)).toBe(true);
    });

    it('gcs_artifact_service._get_blob_prefix: the session id of a user: name is not used, so it is not checked', async () => {
      const service = await makeService();
      expect(
        await service.saveArtifact({ ...key('user:profile', '../x'), artifact: text('p') }),
      ).toBe(0);
      expect(await service.loadArtifact(key('user:profile', ''))).toEqual(text('p'));
    });

    it('base_artifact_service: a session-scoped name without a session id is "Session ID must be provided for session-scoped artifacts."', async () => {
      const service = await makeService();
      const error = await rejection(
        service.saveArtifact({ ...key('a.txt', null), artifact: text('x') }),
      );
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(InvalidArtifactIdError.isInstance(error)).toBe(false);
      expect((error as InvalidArgumentError).argument).toBe('sessionId');
      expect((error as Error).message).toBe(
        'Session ID must be provided for session-scoped artifacts.',
      );
    });

    it('test_padded_session_id_lands_in_same_namespace_as_trimmed: a whitespace-padded session id is the trimmed one', async () => {
      const service = await makeService();
      await service.saveArtifact({ ...key('report.txt', 'sess0\n'), artifact: text('hello') });
      expect(await service.loadArtifact(key('report.txt', 'sess0'))).toEqual(text('hello'));
      expect(
        await service.listArtifactKeys({ appName: app, userId: user, sessionId: 'sess0' }),
      ).toContain('report.txt');
      expect(
        await service.listArtifactKeys({ appName: app, userId: user, sessionId: ' sess0\t' }),
      ).toContain('report.txt');
      expect(await service.loadArtifact(key('report.txt', 'sess0\n'))).toEqual(text('hello'));
      await service.deleteArtifact(key('report.txt', 'sess0'));
      expect(await service.loadArtifact(key('report.txt', 'sess0\n'))).toBeUndefined();
    });

    it('artifact_util.normalize_session_id: a session id of only whitespace is empty once trimmed', async () => {
      const service = await makeService();
      const error = await rejection(
        service.saveArtifact({ ...key('a.txt', ' \n'), artifact: text('x') }),
      );
      expect(InvalidArtifactIdError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe('session_id must not be empty.');
    });
  });
}
