/**
 * Reads `record[key]` only when `key` is the record's own property, so an
 * untrusted name (a tool, agent or state key) can never reach
 * `Object.prototype` members such as `constructor` or `__proto__`.
 */
export function getOwn<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** True when `key` is an own property of `record`. */
export function hasOwn(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

/**
 * Sets `record[key]` as an own, enumerable data property, even for keys such
 * as `__proto__` that a plain assignment would treat as the prototype.
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  // Only `__proto__` is an accessor on Object.prototype; any other key assigns as data.
  if (key !== '__proto__') {
    record[key] = value;
    return;
  }
  Object.defineProperty(record, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}
