import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSession,
  inspector,
  openApp,
  openTab,
  screenshot,
  sendMessage,
  type DevServer,
  useDevUiBrowser,
  waitForIdle,
} from './harness.js';
import { ANSWER_TEXT, WORKFLOW_APP_NAME, createWorkflowApp } from './workflow-app.js';

// Issue 17 §7: the Graph tab draws a workflow (nodes, routes as labelled edges, the run's path
// highlighted) and the Trace tab shows one span per node run (telemetry/node_tracing.py names),
// in a real chromium against the real server.

const ui = useDevUiBrowser(
  { width: 1400, height: 900 },
  { [WORKFLOW_APP_NAME]: createWorkflowApp() },
);
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

function graph(): Locator {
  return inspector(page).getByRole('group', {
    name: `Agent graph of ${WORKFLOW_APP_NAME}`,
    exact: true,
  });
}

async function labels(locator: Locator, attribute: string): Promise<string[]> {
  return (
    await locator.evaluateAll(
      (items, name) => items.map((item) => item.getAttribute(name) ?? ''),
      attribute,
    )
  ).sort();
}

async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allTextContents()).sort();
}

describe('dev UI with a workflow app: Graph and Trace tabs (issue 17 §7)', () => {
  it('Graph: nodes in workflow boxes, routes on the edges, the run’s path highlighted', async () => {
    await openApp(page, server.url, WORKFLOW_APP_NAME);
    await createSession(page);
    await sendMessage(page, 'the app crashes on start');
    await waitForIdle(page);
    await openTab(page, 'Graph');
    await graph().waitFor();
    const nodes = graph().getByRole('listitem');
    await expect
      .poll(() => labels(nodes, 'aria-label'))
      .toEqual([
        'Agent answer',
        'Join done',
        'Node audit',
        'Node classify',
        'Node email',
        'Node file_bug',
        'Start START',
        'Start START',
      ]);
    expect(await texts(graph().locator('.graph-edge-label'))).toEqual(['__DEFAULT__', 'bug']);
    expect(await texts(graph().locator('.graph-cluster text'))).toEqual([
      'notify (Workflow)',
      'triage (Workflow)',
    ]);
    // The crash took the bug route: every node but the answer agent is on the path.
    await expect
      .poll(() => labels(graph().locator('[data-highlighted="true"]'), 'aria-label'))
      .toEqual([
        'Join done',
        'Node audit',
        'Node classify',
        'Node email',
        'Node file_bug',
        'Start START',
        'Start START',
      ]);
    expect(await labels(graph().locator('path.graph-edge.highlight'), 'data-edge')).toEqual(
      [
        'triage/__START__ -> triage/classify',
        'triage/audit -> triage/done',
        'triage/classify -> triage/file_bug',
        'triage/file_bug -> triage/audit',
        'triage/file_bug -> triage/notify/__START__',
        'triage/notify/__START__ -> triage/notify/email',
        'triage/notify/email -> triage/done',
      ].sort(),
    );
    // The router sits above the two branches it chooses between.
    const top = async (name: string) =>
      graph()
        .getByRole('listitem', { name, exact: true })
        .evaluate((element) => element.getBoundingClientRect().top);
    expect(await top('Node file_bug')).toBeGreaterThan(await top('Node classify'));
    expect(await top('Agent answer')).toBeGreaterThan(await top('Node classify'));
    await screenshot(page, 'workflow-01-graph-bug-route');

    // An event chosen in the Events tab: the path up to that event only.
    await openTab(page, 'Events');
    await inspector(page)
      .locator('[data-testid="event-row"]', {
        has: page.locator('.event-author', { hasText: /^file_bug$/ }),
      })
      .click();
    await openTab(page, 'Graph');
    await expect
      .poll(() => labels(graph().locator('[data-highlighted="true"]'), 'aria-label'))
      .toEqual(['Node classify', 'Node file_bug', 'Start START']);
    expect(await labels(graph().locator('path.graph-edge.highlight'), 'data-edge')).toEqual([
      'triage/__START__ -> triage/classify',
      'triage/classify -> triage/file_bug',
    ]);
    expect(await inspector(page).locator('.graph-caption').innerText()).toContain(
      'the selected event',
    );
    // Back to the list: the latest event again.
    await openTab(page, 'Events');
    await inspector(page).getByRole('button', { name: '← All events', exact: true }).click();
    await openTab(page, 'Graph');

    // A question takes DEFAULT_ROUTE: the answer agent is highlighted, the bug branch is not.
    await sendMessage(page, 'how do I sign in?');
    await waitForIdle(page);
    await expect.poll(() => page.getByText(ANSWER_TEXT).count()).toBeGreaterThan(0);
    await expect
      .poll(() => labels(graph().locator('[data-highlighted="true"]'), 'aria-label'))
      .toEqual(['Agent answer', 'Node classify', 'Start START']);
    expect(await labels(graph().locator('path.graph-edge.highlight'), 'data-edge')).toEqual([
      'triage/__START__ -> triage/classify',
      'triage/classify -> triage/answer',
    ]);
    await screenshot(page, 'workflow-02-graph-default-route');

    // The dark theme refetches the per-event graph in dark colours; the highlight stays.
    const darkRequest = page.waitForRequest(
      (request) =>
        request.url().includes('/events/') && request.url().endsWith('/graph?dark_mode=true'),
    );
    await page.getByRole('button', { name: 'Dark theme', exact: true }).click();
    await darkRequest;
    await expect
      .poll(() => labels(graph().locator('[data-highlighted="true"]'), 'aria-label'))
      .toEqual(['Agent answer', 'Node classify', 'Start START']);
    await screenshot(page, 'workflow-04-graph-dark');
  });

  it('Trace: one span per node run, nested under its workflow, named as node_tracing.py names them', async () => {
    await openApp(page, server.url, WORKFLOW_APP_NAME);
    await createSession(page);
    await sendMessage(page, 'the app crashes on start');
    await waitForIdle(page);
    await sendMessage(page, 'how do I sign in?');
    await waitForIdle(page);
    await openTab(page, 'Trace');
    const invocations = inspector(page).locator('section.trace-invocation');
    await expect.poll(() => invocations.count()).toBe(2);

    // The first run (older, second in the list): the bug branch.
    const bugRun = invocations.nth(1);
    await bugRun.locator('.trace-invocation-toggle').click();
    const bars = bugRun.locator('button.trace-bar-button');
    await expect
      .poll(async () =>
        (
          await bars.evaluateAll((items) =>
            items.map((item) => item.querySelector('.trace-label')?.textContent ?? ''),
          )
        ).sort(),
      )
      .toEqual(
        [
          'invocation',
          'invoke_node audit',
          'invoke_node classify',
          'invoke_node done',
          'invoke_node email',
          'invoke_node file_bug',
          'invoke_workflow notify',
          'invoke_workflow triage',
        ].sort(),
      );
    const depth = async (run: Locator, name: string) =>
      Number(
        await run
          .locator('button.trace-bar-button', {
            has: page.locator('.trace-label', { hasText: new RegExp(`^${name}$`) }),
          })
          .getAttribute('data-depth'),
      );
    const triageDepth = await depth(bugRun, 'invoke_workflow triage');
    for (const name of ['invoke_node classify', 'invoke_node file_bug', 'invoke_workflow notify']) {
      expect(await depth(bugRun, name)).toBe(triageDepth + 1);
    }
    expect(await depth(bugRun, 'invoke_node email')).toBe(triageDepth + 2);
    await screenshot(page, 'workflow-03-trace-bug-run');

    // The second run: the agent node is one invoke_agent span, its model call inside it.
    const answerRun = invocations.first();
    const answerBars = answerRun.locator('button.trace-bar-button');
    await expect
      .poll(() =>
        answerBars.evaluateAll((items) =>
          items.map((item) => item.querySelector('.trace-label')?.textContent ?? ''),
        ),
      )
      .toContain('invoke_agent answer');
    const names = await answerBars.evaluateAll((items) =>
      items.map((item) => item.querySelector('.trace-label')?.textContent ?? ''),
    );
    expect(names.filter((name) => name.startsWith('invoke_'))).toEqual([
      'invoke_workflow triage',
      'invoke_node classify',
      'invoke_agent answer',
    ]);
    expect(await depth(answerRun, 'invoke_agent answer')).toBe(
      (await depth(answerRun, 'invoke_workflow triage')) + 1,
    );
    expect(await depth(answerRun, 'call_llm')).toBe(
      (await depth(answerRun, 'invoke_agent answer')) + 1,
    );
  });
});
