import { describe } from 'vitest';
import type { MakeArtifactService } from './artifact-suite-support.js';
import { describeArtifactStorage } from './artifact-suite-storage.js';
import { describeArtifactValidation } from './artifact-suite-validation.js';

export type { MakeArtifactService } from './artifact-suite-support.js';

/**
 * The behaviour every `BaseArtifactService` shares (Python
 * `base_artifact_service.py` and the tests of
 * `tests/unittests/artifacts/test_artifact_service.py` that run against every
 * backend), as a vitest suite, published with the other suites as
 * `<package>/testing/suites`. Each backend's test file calls it once with a
 * factory that returns a new, empty store per test. It covers versions,
 * `user:` scoping, deletes, nested names, file-name and id validation (with
 * Python's messages) and copying at the boundary; backend-specific details
 * (canonical URI scheme, empty-Part handling, references, the reserved `user`
 * session id of flat stores) are tested beside each backend.
 */
export function runArtifactServiceSuite(name: string, makeService: MakeArtifactService): void {
  describe(`${name}: artifact service contract`, () => {
    describeArtifactStorage(makeService);
    describeArtifactValidation(makeService);
  });
}
