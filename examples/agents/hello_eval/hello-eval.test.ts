import { fileURLToPath } from 'node:url';
import { AgentEvaluator } from '@adk-ts/adk';
import { it } from 'vitest';

// The example's eval data as a test suite would run it: each eval file in the folder is scored
// with the criteria of the test_config.json beside it, twice, and the test fails with
// EvalFailedError listing the metrics below their thresholds.
it('hello_eval meets its criteria on its eval set and its old-format test file', async () => {
  const folder = fileURLToPath(new URL('.', import.meta.url));
  await AgentEvaluator.evaluate({
    agentModule: folder,
    evalDatasetFilePathOrDir: folder,
    printDetailedResults: false,
  });
});
