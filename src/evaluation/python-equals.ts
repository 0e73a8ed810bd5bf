/**
 * Equality of JSON-like values as Python's `==` decides it for the parsed
 * JSON the reference compares (tool-call arguments): mappings are equal when
 * they have the same keys with equal values (in any order), lists when they
 * have equal items in the same order, and numbers and booleans by numeric
 * value (`True == 1`, `1 == 1.0`). `null` and `undefined` (Python's `None`)
 * equal each other only. A string never equals a number.
 */
export function pythonEquals(left: unknown, right: unknown): boolean {
  if (left === null || left === undefined || right === null || right === undefined) {
    return (left ?? null) === (right ?? null);
  }
  if (isNumeric(left) || isNumeric(right)) {
    return isNumeric(left) && isNumeric(right) && Number(left) === Number(right);
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => pythonEquals(item, right[index]))
    );
  }
  if (typeof left === 'object' && typeof right === 'object') {
    const leftKeys = Object.keys(left);
    const rightRecord = right as Record<string, unknown>;
    return (
      leftKeys.length === Object.keys(right).length &&
      leftKeys.every(
        (key) =>
          Object.hasOwn(rightRecord, key) &&
          pythonEquals((left as Record<string, unknown>)[key], rightRecord[key]),
      )
    );
  }
  return left === right;
}

function isNumeric(value: unknown): value is number | boolean {
  return typeof value === 'number' || typeof value === 'boolean';
}
