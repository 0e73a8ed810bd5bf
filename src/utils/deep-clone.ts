/**
 * A deep copy of plain data (objects, arrays, primitives; dates, typed arrays
 * and other structured values are copied with `structuredClone`). Services
 * copy sessions and events at their boundary with it, so callers can never
 * mutate what a service stores.
 *
 * Plain objects and arrays are walked by hand: for the JSON-like data events
 * hold this is several times faster than `structuredClone`, and session
 * loads copy every event. Own keys such as `__proto__` are kept as data.
 */
export function deepClone<T>(value: T): T {
  return typeof value === 'object' && value !== null ? (cloneObject(value) as T) : value;
}

// Primitives are tested inline before recursing: most fields of an event are
// strings and numbers, and a call per field costs more than the test.
function cloneObject(value: object): unknown {
  if (Array.isArray(value)) {
    const length = value.length;
    const copy = new Array<unknown>(length);
    for (let index = 0; index < length; index++) {
      const item: unknown = value[index];
      copy[index] = typeof item === 'object' && item !== null ? cloneObject(item) : item;
    }
    return copy;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  // `for…in` with an own-key test visits exactly `Object.keys(value)`, in the
  // same order, without allocating the key array (V8 reuses its enum cache).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const field = typeof item === 'object' && item !== null ? cloneObject(item) : item;
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: field,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    } else {
      copy[key] = field;
    }
  }
  return copy;
}

/** A copier built for one structure of data (see `compileClone`). */
export type CompiledClone<T> = (value: T) => T;

// Limits on what is worth compiling: larger arrays and objects, and whatever
// lies beyond the node budget, are copied by `deepClone` from inside the
// compiled copier. The cache is bounded so varied data cannot grow it forever.
const MAX_COMPILED_NODES = 64;
const MAX_COMPILED_ARRAY_LENGTH = 16;
const MAX_COMPILED_KEYS = 32;
const MAX_COMPILED_SHAPES = 512;
const compiledByShape = new Map<string, CompiledClone<unknown>>();
let codeGenerationAvailable = true;

/**
 * A copier that gives exactly what `deepClone` gives for `value` and for any
 * value of the same structure: the same keys in the same order at every
 * level, arrays of the same lengths, primitives and other values in the same
 * places. It is many times faster than `deepClone` (the copy is one object
 * literal, built by code generated for the structure and cached by it), so it
 * suits data that is copied out again and again and never changes, such as a
 * store's private copy of an event: a copier used on data whose structure
 * has changed gives a wrong copy.
 *
 * Plain objects and arrays are compiled; structured values (dates, typed
 * arrays…), objects with an own `__proto__` key, and large arrays, objects
 * or trees are copied by `deepClone` from inside the copier. Undefined when
 * `value` is not a plain object or array, when the runtime forbids code
 * generation from strings, or when the shape cache is full.
 */
export function compileClone<T>(value: T): CompiledClone<T> | undefined {
  if (!codeGenerationAvailable || !isCompilable(value)) return undefined;
  const shape = shapeOf(value, { nodes: MAX_COMPILED_NODES });
  let copier = compiledByShape.get(shape);
  if (!copier) {
    if (compiledByShape.size >= MAX_COMPILED_SHAPES) return undefined;
    const variables: string[] = [];
    const body = cloneExpression(value, 'o', variables, { nodes: MAX_COMPILED_NODES });
    const declarations = variables.length > 0 ? `const ${variables.join(', ')};\n` : '';
    try {
      // The code holds only property names, each written as a JSON string literal.
      const factory = new Function(
        'deepClone',
        `return (o) => {\n${declarations}return ${body};\n};`,
      ) as (clone: typeof deepClone) => CompiledClone<unknown>;
      copier = factory(deepClone);
    } catch {
      codeGenerationAvailable = false;
      return undefined;
    }
    compiledByShape.set(shape, copier);
  }
  return copier as CompiledClone<T>;
}

/**
 * The cache key of a structure: what `cloneExpression` compiles, in a short
 * unambiguous form (keys are length-prefixed), cheaper to build than the code.
 */
function shapeOf(value: unknown, budget: { nodes: number }): string {
  if (typeof value !== 'object' || value === null) return '.';
  if (!isCompilable(value) || budget.nodes <= 0) return '*';
  if (Array.isArray(value)) {
    if (value.length > MAX_COMPILED_ARRAY_LENGTH) return '*';
    budget.nodes--;
    let shape = '[';
    for (let index = 0; index < value.length; index++) shape += shapeOf(value[index], budget);
    return `${shape}]`;
  }
  const keys = Object.keys(value);
  if (keys.length > MAX_COMPILED_KEYS || Object.hasOwn(value, '__proto__')) return '*';
  budget.nodes--;
  let shape = '{';
  for (const key of keys) {
    shape += `${key.length}:${key}${shapeOf((value as Record<string, unknown>)[key], budget)}`;
  }
  return `${shape}}`;
}

function isCompilable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The expression copying the value found at `source`: the value itself for
 * a primitive (or function), a literal for a plain object or array (its
 * source bound to a new variable), else a `deepClone` call.
 */
function cloneExpression(
  value: unknown,
  source: string,
  variables: string[],
  budget: { nodes: number },
): string {
  if (typeof value !== 'object' || value === null) return source;
  if (!isCompilable(value) || budget.nodes <= 0) return `deepClone(${source})`;
  if (Array.isArray(value)) {
    if (value.length > MAX_COMPILED_ARRAY_LENGTH) return `deepClone(${source})`;
  } else if (Object.keys(value).length > MAX_COMPILED_KEYS || Object.hasOwn(value, '__proto__')) {
    return `deepClone(${source})`;
  }
  budget.nodes--;
  const variable = `v${variables.length}`;
  variables.push(`${variable} = ${source}`);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let index = 0; index < value.length; index++) {
      items.push(cloneExpression(value[index], `${variable}[${index}]`, variables, budget));
    }
    return `[${items.join(', ')}]`;
  }
  const fields: string[] = [];
  for (const key of Object.keys(value)) {
    const name = JSON.stringify(key);
    const item = (value as Record<string, unknown>)[key];
    fields.push(`${name}: ${cloneExpression(item, `${variable}[${name}]`, variables, budget)}`);
  }
  return `{${fields.join(', ')}}`;
}
