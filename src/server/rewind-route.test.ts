import { describe, expect, it } from 'vitest';
import { call, createSession, useApiServer } from './api-server-test-fixtures.js';

// POST …/sessions/{id}/rewind: Runner.rewind_async over HTTP, in the shape of
// adk-python's open proposals (PRs #6704, #7178): body
// `rewind_before_invocation_id`, the rewound session as the answer.

useApiServer();

interface WireSession {
  state: Record<string, unknown>;
  events: { invocationId: string; author: string; actions: Record<string, unknown> }[];
}

/** A session of `weather` with three state updates (`p-…` invocations); their invocation ids. */
async function sessionWithThreeUpdates(
  user: string,
): Promise<{ id: string; invocations: string[] }> {
  const id = await createSession('weather', user, { state: { origin: 'created' } });
  for (const step of [1, 2, 3]) {
    const reply = await call('PATCH', `/apps/weather/users/${user}/sessions/${id}`, {
      stateDelta: { step, [`only_${step}`]: true, 'user:last': step },
    });
    expect(reply.status, reply.text).toBe(200);
  }
  const session = (await call('GET', `/apps/weather/users/${user}/sessions/${id}`))
    .json as WireSession;
  return { id, invocations: session.events.map((event) => event.invocationId) };
}

describe('POST /apps/{app}/users/{user}/sessions/{id}/rewind', () => {
  it.each([
    ['camelCase', 'rewindBeforeInvocationId'],
    ['snake_case', 'rewind_before_invocation_id'],
  ])('rewinds with a %s body and answers the rewound session', async (_casing, field) => {
    const { id, invocations } = await sessionWithThreeUpdates('rita');
    const reply = await call('POST', `/apps/weather/users/rita/sessions/${id}/rewind`, {
      [field]: invocations[1],
    });
    expect(reply.status, reply.text).toBe(200);
    const session = reply.json as WireSession;
    expect(session.state).toEqual({ origin: 'created', step: 1, only_1: true, 'user:last': 3 });
    expect(session.events).toHaveLength(4);
    expect(session.events[3]).toMatchObject({
      author: 'user',
      actions: {
        rewindBeforeInvocationId: invocations[1],
        stateDelta: { step: 1, only_2: null, only_3: null },
        artifactDelta: {},
      },
    });
    const stored = await call('GET', `/apps/weather/users/rita/sessions/${id}`);
    expect((stored.json as WireSession).state).toEqual(session.state);
  });

  it('answers 400 for an invocation no event has, and stores nothing', async () => {
    const { id } = await sessionWithThreeUpdates('otto');
    const reply = await call('POST', `/apps/weather/users/otto/sessions/${id}/rewind`, {
      rewindBeforeInvocationId: 'e-unknown',
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ detail: 'Invocation ID not found: e-unknown' });
    const stored = await call('GET', `/apps/weather/users/otto/sessions/${id}`);
    expect((stored.json as WireSession).events).toHaveLength(3);
  });

  it('answers 404 for a missing session and 422 for a body without the id', async () => {
    const missing = await call('POST', '/apps/weather/users/otto/sessions/nope/rewind', {
      rewindBeforeInvocationId: 'e-1',
    });
    expect(missing.status).toBe(404);
    const id = await createSession('weather', 'otto');
    const empty = await call('POST', `/apps/weather/users/otto/sessions/${id}/rewind`, {});
    expect(empty.status).toBe(422);
  });
});
