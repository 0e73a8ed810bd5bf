import { runEvalSetResultsManagerSuite } from '../testing/eval-set-results-manager-suite.js';
import { runEvalSetsManagerSuite } from '../testing/eval-sets-manager-suite.js';
import { InMemoryEvalSetResultsManager } from './in-memory-eval-set-results-manager.js';
import { InMemoryEvalSetsManager } from './in-memory-eval-sets-manager.js';

runEvalSetsManagerSuite('InMemoryEvalSetsManager', () =>
  Promise.resolve(new InMemoryEvalSetsManager()),
);
runEvalSetResultsManagerSuite('InMemoryEvalSetResultsManager', (now) =>
  Promise.resolve(new InMemoryEvalSetResultsManager(now)),
);
