/**
 * An app whose Gemini agent answers from a long reference text, with context
 * caching on: from the second turn of a session, the instruction and the
 * earlier turns go into a Gemini cachedContents resource, and each request
 * then names that cache instead of resending them.
 *
 * The model talks to the Gemini API through the official `@google/genai`
 * client: set `GOOGLE_API_KEY` (or `GEMINI_API_KEY`); `GOOGLE_GEMINI_BASE_URL`
 * points it at a proxy or a local stand-in, `GEMINI_MODEL` picks another
 * model. Gemini only caches prefixes of 2048 tokens or more (Gemini 2.5;
 * 4096 for Gemini 3), hence the long guide.
 */
import { App, Gemini, LlmAgent } from '@adk-ts/adk';

const LINES = ['Alfama', 'Baixa', 'Belém', 'Chiado', 'Graça', 'Estrela', 'Campo de Ourique'];

/** A long, stable reference text: the part worth caching. */
const guide = Array.from(
  { length: 360 },
  (_, index) =>
    `Entry ${index + 1}: tram ${(index % 28) + 1} stops in ${LINES[index % LINES.length]} every ${(index % 12) + 4} minutes.`,
).join('\n');

/** The app `main.ts` runs. */
export const app = new App({
  name: 'tram_guide',
  rootAgent: new LlmAgent({
    name: 'tram_guide',
    description: 'Answers questions about Lisbon trams from its guide.',
    model: new Gemini({ model: process.env['GEMINI_MODEL'] || 'gemini-2.5-flash' }),
    instruction: `Answer questions about Lisbon trams from this guide only.\n\n${guide}`,
  }),
  // Reuse a cache for up to 5 invocations or 10 minutes, whichever ends first.
  contextCacheConfig: { cacheIntervals: 5, ttlSeconds: 600 },
});
