/**
 * The calling side, in a second process (docs/a2a.md): a root agent here
 * hands prime questions to the prime checker served by server.ts, through a
 * `RemoteA2aAgent` sub-agent. The root agent's model is scripted (it always
 * transfers), so no key is needed.
 *
 *   npx tsx examples/a2a/server.ts 8001 &
 *   npx tsx examples/a2a/client.ts http://127.0.0.1:8001 "Are 7 and 10 prime?"
 */
import { InMemoryRunner, LlmAgent } from '@adk-ts/adk';
import { RemoteA2aAgent } from '@adk-ts/adk/a2a';
import { functionCallResponse, ScriptedLlm } from '@adk-ts/adk/testing';

const url = process.argv[2] ?? 'http://127.0.0.1:8001';
const question = process.argv[3] ?? 'Are 7 and 10 prime?';

const primeChecker = new RemoteA2aAgent({ name: 'prime_checker', agentCard: url });
const root = new LlmAgent({
  name: 'root_agent',
  instruction: 'Hand questions about prime numbers to prime_checker.',
  model: new ScriptedLlm({
    responses: () => functionCallResponse('transfer_to_agent', { agent_name: 'prime_checker' }),
  }),
  subAgents: [primeChecker],
});

const runner = new InMemoryRunner({ agent: root, appName: 'a2a_client' });
const session = await runner.sessionService.createSession({ appName: 'a2a_client', userId: 'u' });
for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: question }] },
})) {
  const answer = (event.content?.parts ?? [])
    .filter((part) => part.text && !part.thought)
    .map((part) => part.text)
    .join('');
  if (answer) console.log(`${event.author}: ${answer}`);
}
