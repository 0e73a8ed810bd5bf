/**
 * Asks the tram guide three questions in one session and prints, per turn,
 * the cache the model call used and the token counts Gemini reported.
 *
 * Run: GOOGLE_API_KEY=... npx tsx examples/context-cache/main.ts
 */
import { InMemoryRunner, stringifyContent } from '@adk-ts/adk';
import { app } from './agent.js';

const runner = new InMemoryRunner({ app });
const session = await runner.sessionService.createSession({ appName: app.name, userId: 'ada' });
const questions = [
  'How often does tram 1 stop in Alfama?',
  'And tram 2 in Baixa?',
  'Which trams stop in Belém?',
];

for (const [index, question] of questions.entries()) {
  for await (const event of runner.runAsync({
    userId: 'ada',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: question }] },
  })) {
    const text = stringifyContent(event);
    if (text) console.log(`${event.author}: ${text}`);
    const cache = event.cacheMetadata;
    if (!cache) continue;
    const usage = event.usageMetadata;
    const state = cache.cacheName
      ? `cache ${cache.cacheName} (use ${cache.invocationsUsed ?? 0}, ${cache.contentsCount} contents)`
      : `no cache yet (fingerprint of ${cache.contentsCount} contents)`;
    console.log(
      `turn ${index + 1}: ${state}; prompt ${usage?.promptTokenCount ?? 0} tokens, cached ${usage?.cachedContentTokenCount ?? 0}`,
    );
  }
}
