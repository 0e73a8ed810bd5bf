import { describe, expect, it } from 'vitest';
import type { ArtifactKey, BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidArtifactIdError } from '../errors/invalid-artifact-id-error.js';
import { InvalidArtifactNameError } from '../errors/invalid-artifact-name-error.js';
import type { Part } from '../types/index.js';

/** Builds a fresh, empty store for one test. */
export type MakeArtifactService = () => BaseArtifactService | Promise<BaseArtifactService>;

const app = 'app0';
const user = 'user0';
const session = 's1';

function text(value: string): Part {
  return { text: value };
}

function png(bytes: string): Part {
  return { inlineData: { mimeType: 'image/png', data: Buffer.from(bytes).toString('base64') } };
}

/** The key of `filename` in session `sessionId`; `null` leaves the session id out. */
function key(filename: string, sessionId: string | null = session): ArtifactKey {
  return sessionId === null
    ? { appName: app, userId: user, filename }
    : { appName: app, userId: user, sessionId, filename };
}

/** Python's `sorted` order of strings: by code point, not by UTF-16 unit. */
function compareCodePoints(left: string, right: string): number {
  const a = Array.from(left, (char) => char.codePointAt(0) ?? 0);
  const b = Array.from(right, (char) => char.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * The behaviour every `BaseArtifactService` shares (Python
 * `base_artifact_service.py` and the tests of
 * `tests/unittests/artifacts/test_artifact_service.py` that run against every
 * backend), as a vitest suite, published with the other suites as
 * `<package>/testing/suites`. Each backend's test file calls it once with a
 * factory that returns a new, empty store per test. It covers versions,
 * `user:` scoping, deletes, nested names, file-name and id validation (with
 * Python's messages) and copying at the boundary; backend-specific details
 * (canonical URI scheme, empty-Part handling, references, the reserved `user`
 * session id of flat stores) are tested beside each backend.
 */
export function runArtifactServiceSuite(name: string, makeService: MakeArtifactService): void {
  describe(`${name}: artifact service contract`, () => {
    describe('versions', () => {
      it('base_artifact_service: versions start at 0 and grow by one per save', async () => {
        const service = await makeService();
        expect(await service.saveArtifact({ ...key('a.txt'), artifact: text('v0') })).toBe(0);
        expect(await service.saveArtifact({ ...key('a.txt'), artifact: text('v1') })).toBe(1);
        expect(await service.saveArtifact({ ...key('a.txt'), artifact: text('v2') })).toBe(2);
        expect(await service.saveArtifact({ ...key('b.txt'), artifact: text('other') })).toBe(0);
      });

      it('base_artifact_service: loadArtifact without a version returns the latest version', async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v0') });
        await service.saveArtifact({ ...key('a.txt'), artifact: png('v1') });
        expect(await service.loadArtifact(key('a.txt'))).toEqual(png('v1'));
      });

      it('base_artifact_service: loadArtifact with a version returns exactly that version', async () => {
        const service = await makeService();
        for (const value of ['v0', 'v1', 'v2'])
          await service.saveArtifact({ ...key('a.txt'), artifact: text(value) });
        expect(await service.loadArtifact({ ...key('a.txt'), version: 0 })).toEqual(text('v0'));
        expect(await service.loadArtifact({ ...key('a.txt'), version: 1 })).toEqual(text('v1'));
        expect(await service.loadArtifact({ ...key('a.txt'), version: 2 })).toEqual(text('v2'));
      });

      it('test_load_empty / test_save_load_delete: a missing name or a version past the last loads as undefined', async () => {
        const service = await makeService();
        expect(await service.loadArtifact(key('missing.txt'))).toBeUndefined();
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v0') });
        expect(await service.loadArtifact({ ...key('a.txt'), version: 3 })).toBeUndefined();
      });

      it('test_list_versions: listVersions gives 0..n-1, and [] for a missing name', async () => {
        const service = await makeService();
        expect(await service.listVersions(key('a.txt'))).toEqual([]);
        for (const value of ['v0', 'v1', 'v2', 'v3'])
          await service.saveArtifact({ ...key('a.txt'), artifact: text(value) });
        expect(await service.listVersions(key('a.txt'))).toEqual([0, 1, 2, 3]);
      });

      it('test_list_artifact_versions_and_get_artifact_version: metadata per version, oldest first', async () => {
        const service = await makeService();
        const before = Date.now() / 1000;
        for (let index = 0; index < 3; index += 1) {
          await service.saveArtifact({
            ...key('a.txt'),
            artifact: text(`v${index}`),
            customMetadata: { key: `value${index}` },
          });
        }
        const after = Date.now() / 1000;
        const versions = await service.listArtifactVersions(key('a.txt'));
        expect(versions.map((version) => version.version)).toEqual([0, 1, 2]);
        expect(versions.map((version) => version.customMetadata)).toEqual([
          { key: 'value0' },
          { key: 'value1' },
          { key: 'value2' },
        ]);
        expect(versions.map((version) => version.mimeType)).toEqual([
          'text/plain',
          'text/plain',
          'text/plain',
        ]);
        expect(new Set(versions.map((version) => version.canonicalUri)).size).toBe(3);
        for (const version of versions) {
          expect(typeof version.canonicalUri).toBe('string');
          expect(version.canonicalUri).not.toBe('');
          // Float seconds, not milliseconds: within the window of the saves.
          expect(version.createTime).toBeGreaterThanOrEqual(before - 1);
          expect(version.createTime).toBeLessThanOrEqual(after + 1);
        }
        const times = versions.map((version) => version.createTime);
        expect([...times].sort((left, right) => left - right)).toEqual(times);
      });

      it('ArtifactVersion: customMetadata defaults to {} when none is given', async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v0') });
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v1'), customMetadata: {} });
        const versions = await service.listArtifactVersions(key('a.txt'));
        expect(versions.map((version) => version.customMetadata)).toEqual([{}, {}]);
      });

      it('ArtifactVersion: mimeType comes from inlineData, text (text/plain) or fileData', async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('image'), artifact: png('bytes') });
        await service.saveArtifact({ ...key('note'), artifact: text('hello') });
        await service.saveArtifact({
          ...key('remote'),
          artifact: {
            fileData: { fileUri: 'gs://bucket/report.pdf', mimeType: 'application/pdf' },
          },
        });
        expect((await service.getArtifactVersion(key('image')))?.mimeType).toBe('image/png');
        expect((await service.getArtifactVersion(key('note')))?.mimeType).toBe('text/plain');
        expect((await service.getArtifactVersion(key('remote')))?.mimeType).toBe('application/pdf');
        expect(await service.loadArtifact(key('remote'))).toEqual({
          fileData: { fileUri: 'gs://bucket/report.pdf', mimeType: 'application/pdf' },
        });
      });

      it('base_artifact_service: getArtifactVersion gives the latest or the given version, undefined when missing', async () => {
        const service = await makeService();
        expect(await service.getArtifactVersion(key('a.txt'))).toBeUndefined();
        for (const value of ['v0', 'v1', 'v2']) {
          await service.saveArtifact({
            ...key('a.txt'),
            artifact: text(value),
            customMetadata: { value },
          });
        }
        const all = await service.listArtifactVersions(key('a.txt'));
        expect(await service.getArtifactVersion(key('a.txt'))).toEqual(all[2]);
        expect(await service.getArtifactVersion({ ...key('a.txt'), version: 1 })).toEqual(all[1]);
        expect(await service.getArtifactVersion({ ...key('a.txt'), version: 3 })).toBeUndefined();
      });

      it('base_artifact_service: listArtifactVersions of a missing name is []', async () => {
        const service = await makeService();
        expect(await service.listArtifactVersions(key('missing'))).toEqual([]);
      });

      it('Part round trip: inline bytes load back unchanged', async () => {
        const service = await makeService();
        const data = Buffer.from(Uint8Array.from({ length: 256 }, (_, index) => index)).toString(
          'base64',
        );
        await service.saveArtifact({
          ...key('blob.bin'),
          artifact: { inlineData: { mimeType: 'application/octet-stream', data } },
        });
        expect(await service.loadArtifact(key('blob.bin'))).toEqual({
          inlineData: { mimeType: 'application/octet-stream', data },
        });
      });
    });

    describe('scoping', () => {
      it("spec 002 §10: user: artifacts are shared across the user's sessions", async () => {
        const service = await makeService();
        expect(
          await service.saveArtifact({ ...key('user:profile', 's1'), artifact: text('from s1') }),
        ).toBe(0);
        expect(await service.loadArtifact(key('user:profile', 's2'))).toEqual(text('from s1'));
        expect(
          await service.saveArtifact({ ...key('user:profile', 's2'), artifact: text('from s2') }),
        ).toBe(1);
        expect(await service.loadArtifact(key('user:profile', 's1'))).toEqual(text('from s2'));
        expect(await service.listVersions(key('user:profile', 's3'))).toEqual([0, 1]);
      });

      it('base_artifact_service: a user: artifact needs no session id', async () => {
        const service = await makeService();
        expect(
          await service.saveArtifact({ ...key('user:profile', null), artifact: text('p') }),
        ).toBe(0);
        expect(await service.loadArtifact(key('user:profile', null))).toEqual(text('p'));
        expect(await service.loadArtifact(key('user:profile', 'any-session'))).toEqual(text('p'));
      });

      it("spec 002 §10: a session-scoped artifact is invisible to the user's other sessions", async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('notes.txt', 's1'), artifact: text('s1 notes') });
        expect(await service.loadArtifact(key('notes.txt', 's2'))).toBeUndefined();
        expect(await service.listVersions(key('notes.txt', 's2'))).toEqual([]);
        expect(
          await service.saveArtifact({ ...key('notes.txt', 's2'), artifact: text('s2 notes') }),
        ).toBe(0);
        expect(await service.loadArtifact(key('notes.txt', 's1'))).toEqual(text('s1 notes'));
      });

      it('test_file_artifacts_are_isolated_by_app: artifacts are kept apart by app and by user', async () => {
        const service = await makeService();
        for (const filename of ['report.txt', 'user:profile.txt']) {
          await service.saveArtifact({
            appName: 'app-a',
            userId: 'u',
            sessionId: 's',
            filename,
            artifact: text('a'),
          });
          for (const other of [
            { appName: 'app-b', userId: 'u', sessionId: 's', filename },
            { appName: 'app-a', userId: 'v', sessionId: 's', filename },
          ]) {
            expect(await service.loadArtifact(other)).toBeUndefined();
            expect(await service.listVersions(other)).toEqual([]);
            expect(await service.listArtifactKeys(other)).toEqual([]);
          }
        }
      });

      it("test_list_keys_preserves_user_prefix: listArtifactKeys gives the session's names and the user's user: names, sorted", async () => {
        const service = await makeService();
        for (const filename of ['b.txt', 'user:z.png', 'a.txt', 'user:c.pdf', 'C.txt']) {
          await service.saveArtifact({ ...key(filename, 's1'), artifact: text(filename) });
        }
        await service.saveArtifact({ ...key('other-session.txt', 's2'), artifact: text('x') });
        await service.saveArtifact({ ...key('a.txt', 's1'), artifact: text('second version') });
        expect(
          await service.listArtifactKeys({ appName: app, userId: user, sessionId: 's1' }),
        ).toEqual(['C.txt', 'a.txt', 'b.txt', 'user:c.pdf', 'user:z.png']);
      });

      it("base_artifact_service: listArtifactKeys without a session lists only the user's user: names", async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('session.txt', 's1'), artifact: text('x') });
        await service.saveArtifact({ ...key('user:shared.txt', 's1'), artifact: text('y') });
        expect(await service.listArtifactKeys({ appName: app, userId: user })).toEqual([
          'user:shared.txt',
        ]);
      });

      it('Python sorted(): listArtifactKeys orders names by code point, not by UTF-16 unit', async () => {
        const service = await makeService();
        // U+1F600 is stored as surrogates (0xD83D…), which sort before U+FF21
        // by UTF-16 unit but after it by code point.
        for (const filename of ['\u{1F600}.txt', '\uFF21.txt', 'z.txt']) {
          await service.saveArtifact({ ...key(filename), artifact: text(filename) });
        }
        expect(
          await service.listArtifactKeys({ appName: app, userId: user, sessionId: session }),
        ).toEqual(['z.txt', '\uFF21.txt', '\u{1F600}.txt']);
      });

      it('base_artifact_service: listArtifactKeys of an unknown app, user or session is []', async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('a.txt'), artifact: text('x') });
        expect(
          await service.listArtifactKeys({ appName: 'nope', userId: user, sessionId: session }),
        ).toEqual([]);
        expect(
          await service.listArtifactKeys({ appName: app, userId: 'nobody', sessionId: session }),
        ).toEqual([]);
        expect(
          await service.listArtifactKeys({ appName: app, userId: user, sessionId: 'other' }),
        ).toEqual([]);
      });

      it('base_artifact_service: a session-scoped name without a session id is an InvalidArgumentError', async () => {
        const service = await makeService();
        const unscoped = key('notes.txt', null);
        const calls: Array<() => Promise<unknown>> = [
          () => service.saveArtifact({ ...unscoped, artifact: text('x') }),
          () => service.loadArtifact(unscoped),
          () => service.deleteArtifact(unscoped),
          () => service.listVersions(unscoped),
          () => service.listArtifactVersions(unscoped),
          () => service.getArtifactVersion(unscoped),
        ];
        for (const call of calls) {
          const error = await rejection(call());
          expect(InvalidArgumentError.isInstance(error)).toBe(true);
          expect((error as InvalidArgumentError).argument).toBe('sessionId');
        }
      });
    });

    describe('delete', () => {
      it('test_save_load_delete: deleteArtifact removes every version and leaves other names alone', async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v0') });
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v1') });
        await service.saveArtifact({ ...key('b.txt'), artifact: text('keep') });
        await service.deleteArtifact(key('a.txt'));
        expect(await service.loadArtifact(key('a.txt'))).toBeUndefined();
        expect(await service.loadArtifact({ ...key('a.txt'), version: 0 })).toBeUndefined();
        expect(await service.listVersions(key('a.txt'))).toEqual([]);
        expect(await service.listArtifactVersions(key('a.txt'))).toEqual([]);
        expect(await service.getArtifactVersion(key('a.txt'))).toBeUndefined();
        expect(
          await service.listArtifactKeys({ appName: app, userId: user, sessionId: session }),
        ).toEqual(['b.txt']);
        expect(await service.loadArtifact(key('b.txt'))).toEqual(text('keep'));
      });

      it('in_memory_artifact_service: after a delete, versions of the name start again at 0', async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v0') });
        await service.saveArtifact({ ...key('a.txt'), artifact: text('v1') });
        await service.deleteArtifact(key('a.txt'));
        expect(await service.saveArtifact({ ...key('a.txt'), artifact: text('again') })).toBe(0);
      });

      it('base_artifact_service: deleting a missing artifact does nothing', async () => {
        const service = await makeService();
        await expect(service.deleteArtifact(key('missing.txt'))).resolves.toBeUndefined();
        await expect(service.deleteArtifact(key('user:missing.txt'))).resolves.toBeUndefined();
      });

      it("spec 002 §10: deleting a user: artifact from one session removes it for all the user's sessions", async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('user:shared', 's1'), artifact: text('x') });
        await service.deleteArtifact(key('user:shared', 's2'));
        expect(await service.loadArtifact(key('user:shared', 's1'))).toBeUndefined();
        expect(
          await service.listArtifactKeys({ appName: app, userId: user, sessionId: 's1' }),
        ).toEqual([]);
      });
    });

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
        [
          'C:\\absolute\\path.txt',
          "filename 'C:\\\\absolute\\\\path.txt' must be a relative path.",
        ],
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
        [
          'user:../escape.txt',
          "filename 'user:../escape.txt' must not contain traversal segments.",
        ],
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
          expect(await service.saveArtifact({ ...key(filename), artifact: text(filename) })).toBe(
            0,
          );
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

    describe('copies', () => {
      it('utils/deep-clone (services copy at their boundary): a saved Part is a copy; changing the input later changes nothing', async () => {
        const service = await makeService();
        const artifact: Part = { inlineData: { mimeType: 'image/png', data: 'AAAA' } };
        await service.saveArtifact({ ...key('a.png'), artifact });
        if (artifact.inlineData) artifact.inlineData.data = 'BBBB';
        expect(await service.loadArtifact(key('a.png'))).toEqual({
          inlineData: { mimeType: 'image/png', data: 'AAAA' },
        });
      });

      it('utils/deep-clone (services copy at their boundary): a loaded Part is a copy; changing it does not change what is stored', async () => {
        const service = await makeService();
        await service.saveArtifact({ ...key('a.txt'), artifact: text('original') });
        const loaded = await service.loadArtifact(key('a.txt'));
        if (loaded) loaded.text = 'changed';
        expect(await service.loadArtifact(key('a.txt'))).toEqual(text('original'));
      });

      it('utils/deep-clone (services copy at their boundary): customMetadata and ArtifactVersion are copies in both directions', async () => {
        const service = await makeService();
        const customMetadata: Record<string, unknown> = { tags: ['a'] };
        await service.saveArtifact({ ...key('a.txt'), artifact: text('x'), customMetadata });
        (customMetadata.tags as string[]).push('mutated-input');
        const fetched = await service.getArtifactVersion(key('a.txt'));
        if (fetched) {
          (fetched.customMetadata.tags as string[]).push('mutated-output');
          fetched.version = 99;
        }
        const listed = await service.listArtifactVersions(key('a.txt'));
        const first = listed[0];
        if (first) (first.customMetadata.tags as string[]).length = 0;
        const again = await service.getArtifactVersion(key('a.txt'));
        expect(again?.version).toBe(0);
        expect(again?.customMetadata).toEqual({ tags: ['a'] });
      });
    });
  });
}
