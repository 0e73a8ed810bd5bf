import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every test run with the one line CI reads: `N passed, N failed`
 * (plus `, N skipped` when some were skipped). Unhandled errors, modules
 * that failed to load and the tests a failing module hook kept from running
 * count as failures.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
  ): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let modulePassed = 0;
      let moduleFailed = 0;
      let moduleSkipped = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') modulePassed += 1;
        else if (state === 'failed') moduleFailed += 1;
        else moduleSkipped += 1;
      }
      // A module that failed with no failed test (it did not load, or a
      // beforeAll hook threw) did not run what it skipped: those are failures.
      if (module.state() === 'failed' && moduleFailed === 0) {
        moduleFailed = Math.max(1, moduleSkipped);
        moduleSkipped = 0;
      }
      passed += modulePassed;
      failed += moduleFailed;
      skipped += moduleSkipped;
    }
    process.stdout.write(
      `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
