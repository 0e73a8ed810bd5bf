// Vitest setup file: fails any test after which a shared prototype has keys it
// did not have when the test file started (issue 16 §5: a merge of untrusted
// keys must never reach `Object.prototype`).
import { afterEach } from 'vitest';
import { assertPrototypesUnchanged, snapshotPrototypes } from './shared-prototypes.js';

const snapshot = snapshotPrototypes();

afterEach(() => {
  assertPrototypesUnchanged(snapshot);
});
