/**
 * The shared behavioural suites every service backend runs, published as
 * `<package>/testing/suites`. They are vitest suites: import them from a
 * vitest test file.
 */
export { runSessionServiceSuite, type SessionServiceFixture } from './session-service-suite.js';
export { runArtifactServiceSuite, type MakeArtifactService } from './artifact-service-suite.js';
export { runMemoryServiceSuite, type MemoryServiceFixture } from './memory-service-suite.js';
export { runCredentialServiceSuite } from './credential-service-suite.js';
export { runEvalSetsManagerSuite } from './eval-sets-manager-suite.js';
export { runEvalSetResultsManagerSuite } from './eval-set-results-manager-suite.js';
