/**
 * A record of the shared prototypes (`Object.prototype`, `Array.prototype`,
 * `Function.prototype`) as they were when it was taken, to tell whether code
 * since then polluted them.
 */
export interface PrototypesSnapshot {
  readonly keys: ReadonlyMap<object, ReadonlySet<string | symbol>>;
}

const SHARED_PROTOTYPES: readonly object[] = [
  Object.prototype,
  Array.prototype,
  Function.prototype,
];

/** Records the own keys of each shared prototype. */
export function snapshotPrototypes(): PrototypesSnapshot {
  return {
    keys: new Map(
      SHARED_PROTOTYPES.map((prototype) => [prototype, new Set(Reflect.ownKeys(prototype))]),
    ),
  };
}

/**
 * Throws an `Error` naming every own key added to a shared prototype since
 * `snapshot` and every key made enumerable (polluters assign, which makes
 * enumerable data properties), after removing the added keys so one
 * polluting test does not fail the ones after it. Cheap: a few dozen keys.
 */
export function assertPrototypesUnchanged(snapshot: PrototypesSnapshot): void {
  const problems: string[] = [];
  for (const [prototype, original] of snapshot.keys) {
    const name = describe(prototype);
    for (const key of Reflect.ownKeys(prototype)) {
      if (!original.has(key)) {
        problems.push(`${name} gained ${String(key)}`);
        Reflect.deleteProperty(prototype, key);
      } else if (Object.getOwnPropertyDescriptor(prototype, key)?.enumerable) {
        problems.push(`${name}.${String(key)} became enumerable`);
      }
    }
    if (Reflect.ownKeys(prototype).length < original.size) problems.push(`${name} lost keys`);
  }
  if (problems.length > 0) {
    throw new Error(`A shared prototype was polluted: ${problems.join('; ')}.`);
  }
}

function describe(prototype: object): string {
  if (prototype === Object.prototype) return 'Object.prototype';
  if (prototype === Array.prototype) return 'Array.prototype';
  return 'Function.prototype';
}
