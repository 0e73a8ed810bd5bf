import type { z } from 'zod';

// The parts of a zod schema's definition the walk reads.
interface Definition {
  readonly type: string;
  readonly shape?: Readonly<Record<string, unknown>>;
  readonly innerType?: unknown;
  readonly element?: unknown;
  readonly in?: unknown;
  readonly options?: readonly unknown[];
  readonly valueType?: unknown;
  readonly getter?: () => unknown;
}

function definitionOf(schema: unknown): Definition | undefined {
  const internals = (schema as { _zod?: { def?: Definition } } | undefined)?._zod;
  return internals?.def;
}

/**
 * The keys the object schemas reachable at `path` inside `schema` define
 * (`path` as a zod issue gives it: keys and array indexes), for suggesting
 * the field a mistyped key meant. Optional, nullable, default, pipe and lazy
 * wrappers are seen through; a union gives the keys of all its object
 * options; anything else gives none.
 */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  collect(schema, path, keys, 0);
  return [...keys];
}

function collect(
  schema: unknown,
  path: readonly PropertyKey[],
  keys: Set<string>,
  depth: number,
): void {
  const def = definitionOf(schema);
  // Wrappers nest only a few deep; the bound guards a self-referencing lazy schema.
  if (!def || depth > 64) return;
  const next = depth + 1;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      collect(def.innerType, path, keys, next);
      return;
    case 'pipe':
      collect(def.in, path, keys, next);
      return;
    case 'lazy':
      collect(def.getter?.(), path, keys, next);
      return;
    case 'union':
      for (const option of def.options ?? []) collect(option, path, keys, next);
      return;
    default:
      break;
  }
  if (path.length === 0) {
    if (def.type === 'object' && def.shape) for (const key of Object.keys(def.shape)) keys.add(key);
    return;
  }
  const [segment, ...rest] = path;
  if (def.type === 'object' && def.shape && typeof segment === 'string') {
    if (Object.hasOwn(def.shape, segment)) collect(def.shape[segment], rest, keys, next);
  } else if (def.type === 'array' && typeof segment === 'number') {
    collect(def.element, rest, keys, next);
  } else if (def.type === 'record') {
    collect(def.valueType, rest, keys, next);
  }
}
