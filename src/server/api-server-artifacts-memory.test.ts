import { describe, expect, it } from 'vitest';
import { useApiServer, memoryService, call, createSession } from './api-server-test-fixtures.js';

useApiServer();

describe('artifacts (reference §2.1: every artifact route, versions and metadata)', () => {
  it('versions, metadata, latest, a name with slashes, and delete', async () => {
    const id = await createSession('weather', 'ada');
    const base = `/apps/weather/users/ada/sessions/${id}/artifacts`;
    const save = (text: string) =>
      call('POST', base, {
        filename: 'docs/notes.txt',
        artifact: { text },
        customMetadata: { n: text },
      });
    expect((await save('first')).json).toMatchObject({ version: 0 });
    expect((await save('second')).json).toMatchObject({
      version: 1,
      customMetadata: { n: 'second' },
    });
    await call('POST', base, { filename: 'user:profile.txt', artifact: { text: 'me' } });

    expect((await call('GET', base)).json).toEqual(['docs/notes.txt', 'user:profile.txt']);
    expect((await call('GET', `${base}/docs/notes.txt`)).json).toEqual({ text: 'second' });
    expect((await call('GET', `${base}/docs/notes.txt?version=0`)).json).toEqual({ text: 'first' });
    expect((await call('GET', `${base}/docs/notes.txt/versions`)).json).toEqual([0, 1]);
    expect((await call('GET', `${base}/docs/notes.txt/versions/0`)).json).toEqual({
      text: 'first',
    });
    expect((await call('GET', `${base}/docs/notes.txt/versions/latest`)).json).toEqual({
      text: 'second',
    });
    const metadata = (await call('GET', `${base}/docs/notes.txt/versions/metadata`)).json as {
      version: number;
      customMetadata: unknown;
    }[];
    expect(metadata.map((entry) => [entry.version, entry.customMetadata])).toEqual([
      [0, { n: 'first' }],
      [1, { n: 'second' }],
    ]);
    expect((await call('GET', `${base}/docs/notes.txt/versions/1/metadata`)).json).toMatchObject({
      version: 1,
      canonicalUri: expect.stringContaining('docs/notes.txt'),
    });
    expect(
      (await call('GET', `${base}/docs/notes.txt/versions/latest/metadata`)).json,
    ).toMatchObject({
      version: 1,
    });
    expect((await call('GET', `${base}/docs%2Fnotes.txt`)).json).toEqual({ text: 'second' });

    const deleted = await call('DELETE', `${base}/docs/notes.txt`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toBeNull();
    expect((await call('GET', `${base}/docs/notes.txt`)).status).toBe(404);
    expect((await call('GET', `${base}/docs/notes.txt/versions`)).json).toEqual([]);
  });
});

describe('memory (reference §2.1: PATCH …/memory)', () => {
  it('adds the session to the memory service and answers null', async () => {
    const id = await createSession('echo', 'lin');
    const run = await call('POST', '/run', {
      app_name: 'echo',
      user_id: 'lin',
      session_id: id,
      new_message: { role: 'user', parts: [{ text: 'remember the giraffe' }] },
    });
    expect(run.status).toBe(200);
    const reply = await call('PATCH', '/apps/echo/users/lin/memory', { session_id: id });
    expect(reply.status).toBe(200);
    expect(reply.json).toBeNull();
    const found = await memoryService.searchMemory({
      appName: 'echo',
      userId: 'lin',
      query: 'giraffe',
    });
    expect(found.memories.length).toBeGreaterThan(0);
  });
});
