/**
 * Sessions and state scopes: `app:` keys are shared by every user of the
 * app, `user:` keys by one user's sessions, plain keys stay in one session,
 * and `temp:` keys live for one invocation and are never stored.
 *
 * Run: npx tsx examples/sessions-state/main.ts
 */
import { createEvent, InMemorySessionService } from '@adk-ts/adk';

const sessions = new InMemorySessionService();
const appName = 'state_demo';

const alice = await sessions.createSession({
  appName,
  userId: 'alice',
  state: { 'app:theme': 'dark' },
});
const bob = await sessions.createSession({ appName, userId: 'bob' });

await sessions.appendEvent({
  session: alice,
  event: createEvent({
    author: 'user',
    actions: {
      stateDelta: {
        'user:language': 'pt',
        draft: 'Dear team,',
        'temp:scratch': 'only for this invocation',
      },
    },
  }),
});

console.log('alice live session:', JSON.stringify(alice.state));
const stored = await sessions.getSession({ appName, userId: 'alice', sessionId: alice.id });
console.log('alice stored session:', JSON.stringify(stored?.state));
console.log('stored event delta:', JSON.stringify(stored?.events[0]?.actions.stateDelta));

const aliceSecond = await sessions.createSession({ appName, userId: 'alice' });
console.log('alice second session:', JSON.stringify(aliceSecond.state));
const bobNow = await sessions.getSession({ appName, userId: 'bob', sessionId: bob.id });
console.log('bob:', JSON.stringify(bobNow?.state));

// A null value removes a key.
await sessions.appendEvent({
  session: alice,
  event: createEvent({ author: 'user', actions: { stateDelta: { draft: null } } }),
});
console.log('after removing draft:', JSON.stringify(alice.state));

const recent = await sessions.getSession({
  appName,
  userId: 'alice',
  sessionId: alice.id,
  config: { numRecentEvents: 1 },
});
console.log('events with numRecentEvents=1:', recent?.events.length);
const listed = await sessions.listSessions({ appName, userId: 'alice' });
console.log('alice sessions:', listed.sessions.length);
