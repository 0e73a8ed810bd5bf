import { readFileSync } from 'node:fs';

// Shared by the event-json-*.test.ts files.

/** Events as Python's `model_dump(exclude_none=True, mode='json')` writes them; see each `source`. */
interface PythonFixture {
  name: string;
  source: string;
  event: Record<string, unknown>;
}

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/python-events.json', import.meta.url), 'utf8'),
) as PythonFixture[];

/** The event JSON of the Python fixture called `name`; throws if there is none. */
export function fixture(name: string): Record<string, unknown> {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found.event;
}

/** Every Python fixture as `[name, event JSON]`, for `it.each`. */
export const cases = fixtures.map((entry) => [entry.name, entry.event] as const);
