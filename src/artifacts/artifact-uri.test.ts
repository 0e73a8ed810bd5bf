import { describe, expect, it } from 'vitest';
import { getArtifactUri, isArtifactRef, parseArtifactUri } from './artifact-uri.js';

describe('artifact:// URIs (Python artifact_util.py)', () => {
  it('artifact_util.parse_artifact_uri: parses a session-scoped URI', () => {
    expect(
      parseArtifactUri(
        'artifact://apps/app0/users/user0/sessions/123/artifacts/file.txt/versions/4',
      ),
    ).toEqual({
      appName: 'app0',
      userId: 'user0',
      sessionId: '123',
      filename: 'file.txt',
      version: 4,
    });
  });

  it('artifact_util.parse_artifact_uri: parses a user-scoped URI, without a session', () => {
    expect(
      parseArtifactUri('artifact://apps/app0/users/user0/artifacts/user:doc.pdf/versions/0'),
    ).toEqual({
      appName: 'app0',
      userId: 'user0',
      filename: 'user:doc.pdf',
      version: 0,
    });
  });

  it('artifact_util.parse_artifact_uri: ids may contain slashes but not a reserved /segment/', () => {
    expect(
      parseArtifactUri(
        'artifact://apps/projects/1/engines/2/users/group/u1/sessions/s/artifacts/f/versions/0',
      ),
    ).toMatchObject({
      appName: 'projects/1/engines/2',
      userId: 'group/u1',
      sessionId: 's',
      filename: 'f',
    });
    // The lazy, reserved-segment-free user id stops at the first /sessions/.
    expect(
      parseArtifactUri('artifact://apps/a/users/u/sessions/s/sessions/t/artifacts/f/versions/0'),
    ).toBeUndefined();
  });

  it('artifact_util.parse_artifact_uri: other schemes and malformed URIs give undefined', () => {
    expect(parseArtifactUri(undefined)).toBeUndefined();
    expect(parseArtifactUri('gs://bucket/file')).toBeUndefined();
    expect(parseArtifactUri('artifact://apps/a/users/u/artifacts/f/versions/x')).toBeUndefined();
    expect(parseArtifactUri('artifact://apps/a/users/u/artifacts/f')).toBeUndefined();
  });

  it('artifact_util.normalize_session_id: the session id of a parsed URI is trimmed', () => {
    expect(
      parseArtifactUri('artifact://apps/a/users/u/sessions/ s1 /artifacts/f/versions/0')?.sessionId,
    ).toBe('s1');
  });

  it('artifact_util.get_artifact_uri: builds session- or user-scoped URIs that parse back', () => {
    const session = getArtifactUri({
      appName: 'a',
      userId: 'u',
      sessionId: ' s ',
      filename: 'f.txt',
      version: 2,
    });
    expect(session).toBe('artifact://apps/a/users/u/sessions/s/artifacts/f.txt/versions/2');
    expect(parseArtifactUri(session)).toEqual({
      appName: 'a',
      userId: 'u',
      sessionId: 's',
      filename: 'f.txt',
      version: 2,
    });
    expect(getArtifactUri({ appName: 'a', userId: 'u', filename: 'user:f', version: 0 })).toBe(
      'artifact://apps/a/users/u/artifacts/user:f/versions/0',
    );
  });

  it('artifact_util.is_artifact_ref: only fileData with an artifact:// URI is a reference', () => {
    expect(
      isArtifactRef({ fileData: { fileUri: 'artifact://apps/a/users/u/artifacts/f/versions/0' } }),
    ).toBe(true);
    expect(isArtifactRef({ fileData: { fileUri: 'gs://bucket/f' } })).toBe(false);
    expect(isArtifactRef({ text: 'artifact://x' })).toBe(false);
    expect(isArtifactRef({})).toBe(false);
  });
});
