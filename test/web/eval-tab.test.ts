import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { WEATHER_ANSWER } from './dev-ui-app.js';
import {
  APP_NAME,
  createSession,
  inspector,
  openApp,
  openTab,
  screenshot,
  sendMessage,
  useDevUiBrowser,
  waitForIdle,
  type DevServer,
} from './harness.js';

// Issue 21 §4: the dev UI's Eval tab in a real chromium against the real
// server's eval routes, eval files in a temporary agents directory. The
// scripted `dev_ui_app` answers "weather" with a `get_weather` call and
// WEATHER_ANSWER, the same on every run, so a case made from that session
// passes, one whose expected answer is edited fails response_match_score, and
// one whose expected tool call is edited in its file fails tool_trajectory_avg_score.

const agentsDirectory = mkdtempSync(path.join(tmpdir(), 'adk-eval-web-'));
mkdirSync(path.join(agentsDirectory, APP_NAME));
afterAll(() => rmSync(agentsDirectory, { recursive: true, force: true }));

const ui = useDevUiBrowser({ width: 1400, height: 900 }, {}, { dev: { agentsDirectory } });
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

/** The edited expected answer: only "in" is shared with WEATHER_ANSWER. */
const EDITED_ANSWER = 'Rainy and cold in Lisbon today.';

function evalTab(): Locator {
  return inspector(page);
}

function dialog(name: string): Locator {
  return page.getByRole('dialog', { name, exact: true });
}

function caseRow(evalId: string): Locator {
  return evalTab()
    .getByRole('region', { name: 'Eval cases' })
    .locator(`[data-eval-id="${evalId}"]`);
}

async function submitId(title: string, value: string, button: string): Promise<void> {
  const prompt = dialog(title);
  await prompt.getByRole('textbox').fill(value);
  await prompt.getByRole('button', { name: button, exact: true }).click();
}

async function chatAboutWeather(): Promise<string> {
  await openApp(page, server.url);
  const sessionId = await createSession(page);
  await sendMessage(page, 'weather in Paris please');
  await waitForIdle(page);
  await page
    .getByRole('log', { name: 'Conversation' })
    .getByText(WEATHER_ANSWER, { exact: true })
    .waitFor();
  await openTab(page, 'Eval');
  return sessionId;
}

/** The function calls (`{name, args}` objects) anywhere inside a stored invocation. */
function functionCalls(value: unknown): { name: string; args: Record<string, unknown> }[] {
  if (Array.isArray(value)) return value.flatMap(functionCalls);
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record['name'] === 'string' && record['args'] && typeof record['args'] === 'object') {
    return [record as { name: string; args: Record<string, unknown> }];
  }
  return Object.values(record).flatMap(functionCalls);
}

describe('dev UI: Eval tab', () => {
  it('creates a set, adds the session as cases, edits them, runs them and shows pass, fail and the diffs', async () => {
    await chatAboutWeather();

    await evalTab().getByRole('button', { name: 'New eval set', exact: true }).click();
    await submitId('New eval set', 'weather_set', 'Create');
    await dialog('New eval set').waitFor({ state: 'detached' });
    await expect
      .poll(() => evalTab().getByLabel('Eval set', { exact: true }).inputValue())
      .toBe('weather_set');
    await evalTab().getByText('No cases yet', { exact: false }).waitFor();

    // The same session three times: one case kept as recorded, two edited.
    for (const evalId of ['sunny_case', 'rainy_case', 'lisbon_case']) {
      await evalTab().getByRole('button', { name: 'Add current session', exact: true }).click();
      await submitId('Add the session as a case', evalId, 'Add');
      await dialog('Add the session as a case').waitFor({ state: 'detached' });
      await caseRow(evalId).waitFor();
    }

    // Adding an id that exists is refused by the server; the dialog says why.
    await evalTab().getByRole('button', { name: 'Add current session', exact: true }).click();
    await submitId('Add the session as a case', 'sunny_case', 'Add');
    const refusal = dialog('Add the session as a case').getByRole('alert');
    await expect.poll(() => refusal.innerText()).toMatch(/^HTTP 4\d\d: /);
    await dialog('Add the session as a case')
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();

    // Open the case: the expected tool call and final response come from the session.
    await caseRow('rainy_case').getByRole('button', { name: 'Open rainy_case' }).click();
    const editor = dialog('Eval case rainy_case');
    const turn = editor.getByRole('listitem', { name: 'Turn 1' });
    await turn.getByText('weather in Paris please', { exact: false }).waitFor();
    expect(await turn.locator('.tool-call-text').allInnerTexts()).toEqual([
      'get_weather {"city":"Paris"}',
    ]);
    const expected = turn.getByLabel('Expected final response');
    expect(await expected.inputValue()).toBe(WEATHER_ANSWER);
    await expected.fill(EDITED_ANSWER);
    await screenshot(page, 'eval-case-editor');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.getByRole('status').getByText('Saved.').waitFor();
    await editor.getByRole('button', { name: 'Close', exact: true }).click();

    // The edit is in the eval set file, in adk-python's snake_case form.
    const setFile = path.join(agentsDirectory, APP_NAME, 'weather_set.evalset.json');
    const file = JSON.parse(await readFile(setFile, 'utf8')) as {
      eval_cases: { eval_id: string; conversation: { final_response: unknown }[] }[];
    };
    const stored = (evalId: string) =>
      file.eval_cases.find((evalCase) => evalCase.eval_id === evalId)?.conversation[0];
    expect(stored('rainy_case')?.final_response).toMatchObject({
      parts: [{ text: EDITED_ANSWER }],
    });
    // A hand edit of the file, as users make them: lisbon_case expects another city
    // (its tool call sits in either form of intermediate data).
    const calls = functionCalls(stored('lisbon_case'));
    expect(calls.map((call) => call.args)).toEqual([{ city: 'Paris' }]);
    calls[0]!.args = { city: 'Lisbon' };
    await writeFile(setFile, JSON.stringify(file, null, 2));

    // Run the three cases with the two default metrics.
    await evalTab().getByLabel('All cases').check();
    await evalTab().getByRole('button', { name: 'Run evaluation', exact: true }).click();
    const runDialog = dialog('Run evaluation');
    await runDialog.getByText('3 cases will run.', { exact: false }).waitFor();
    const trajectory = runDialog.getByLabel('Threshold of tool_trajectory_avg_score');
    const match = runDialog.getByLabel('Threshold of response_match_score');
    expect(await trajectory.inputValue()).toBe('1');
    expect(await match.inputValue()).toBe('0.8');
    // A threshold outside the metric's range is refused before anything is sent.
    await match.fill('1.5');
    await runDialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect
      .poll(() => runDialog.getByRole('alert').innerText())
      .toBe('The threshold of response_match_score must be between 0 and 1.');
    await match.fill('0.8');
    await screenshot(page, 'eval-run-dialog');
    await runDialog.getByRole('button', { name: 'Run', exact: true }).click();
    await runDialog.waitFor({ state: 'detached' });

    const results = evalTab().getByRole('region', { name: 'Eval results' });
    await results.getByText('1 of 3 passed', { exact: false }).waitFor({ timeout: 30_000 });
    const resultRow = (evalId: string) => results.locator(`[data-eval-id="${evalId}"]`);
    expect(await resultRow('sunny_case').locator('.eval-status').innerText()).toBe('Passed');
    expect(await resultRow('rainy_case').locator('.eval-status').innerText()).toBe('Failed');
    expect(await resultRow('lisbon_case').locator('.eval-status').innerText()).toBe('Failed');
    // The case list shows the verdicts too.
    expect(await caseRow('rainy_case').locator('.eval-status').innerText()).toBe('Failed');
    expect(await caseRow('sunny_case').locator('.eval-status').innerText()).toBe('Passed');
    await screenshot(page, 'eval-tab-results');

    // The failed case: per metric score vs threshold, and the side-by-side diffs.
    await resultRow('rainy_case').getByRole('button', { name: 'Details', exact: true }).click();
    const detail = dialog('Result of rainy_case');
    const overall = detail.getByRole('table', { name: 'Overall metric results' });
    await overall.locator('[data-metric="response_match_score"]').waitFor();
    const metricCells = async (metric: string) =>
      (await overall.locator(`[data-metric="${metric}"] td`).allInnerTexts()).map((t) => t.trim());
    expect(await metricCells('tool_trajectory_avg_score')).toEqual([
      'tool_trajectory_avg_score',
      '1',
      '1',
      'Passed',
    ]);
    // ROUGE-1 F of the edited answer against the actual one: 1 shared word of 6 and 7 → 2/13.
    expect(await metricCells('response_match_score')).toEqual([
      'response_match_score',
      '0.1538',
      '0.8',
      'Failed',
    ]);
    const invocation = detail.getByRole('listitem', { name: 'Invocation 1' });
    const toolRows = invocation.getByRole('table', { name: 'Tool calls' }).locator('tbody tr');
    expect(await toolRows.count()).toBe(1);
    expect(await toolRows.first().getAttribute('data-match')).toBe('true');
    expect(
      (await toolRows.first().locator('td').allInnerTexts()).map((text) => text.trim()),
    ).toEqual(['1', 'get_weather {"city":"Paris"}', 'get_weather {"city":"Paris"}']);
    const expectedSide = invocation.getByLabel('Expected final response');
    const actualSide = invocation.getByLabel('Actual final response');
    expect((await expectedSide.locator('.diff-text').innerText()).trim()).toBe(EDITED_ANSWER);
    expect((await actualSide.locator('.diff-text').innerText()).trim()).toBe(WEATHER_ANSWER);
    expect((await expectedSide.locator('del').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Rainy and cold',
      'Lisbon today.',
    ]);
    expect((await actualSide.locator('ins').allInnerTexts()).map((text) => text.trim())).toEqual([
      'It is sunny',
      'Paris, 21 degrees.',
    ]);
    await screenshot(page, 'eval-result-detail');
    await detail.getByRole('button', { name: 'Close', exact: true }).click();

    // The passing case's detail shows no difference.
    await resultRow('sunny_case').getByRole('button', { name: 'Details', exact: true }).click();
    const passed = dialog('Result of sunny_case');
    await passed.getByLabel('Actual final response').waitFor();
    expect(await passed.locator('del, ins').count()).toBe(0);
    await passed.getByRole('button', { name: 'Close', exact: true }).click();

    // The case whose tool call differs: the trajectory fails and its row is marked.
    await resultRow('lisbon_case').getByRole('button', { name: 'Details', exact: true }).click();
    const lisbon = dialog('Result of lisbon_case');
    const lisbonMetrics = lisbon.getByRole('table', { name: 'Overall metric results' });
    await lisbonMetrics.locator('[data-metric="tool_trajectory_avg_score"]').waitFor();
    expect(
      (
        await lisbonMetrics.locator('[data-metric="tool_trajectory_avg_score"] td').allInnerTexts()
      ).map((text) => text.trim()),
    ).toEqual(['tool_trajectory_avg_score', '0', '1', 'Failed']);
    const lisbonRow = lisbon.getByRole('table', { name: 'Tool calls' }).locator('tbody tr');
    expect(await lisbonRow.getAttribute('data-match')).toBe('false');
    expect((await lisbonRow.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual([
      '1 ≠',
      'get_weather {"city":"Lisbon"}',
      'get_weather {"city":"Paris"}',
    ]);
    expect(await lisbon.locator('del, ins').count()).toBe(0);
    await screenshot(page, 'eval-result-tool-mismatch');
    await lisbon.getByRole('button', { name: 'Close', exact: true }).click();

    // The run is stored: the past results list it, and opening it shows the same verdicts.
    const history = evalTab().getByRole('region', { name: 'Past results' });
    const storedRun = history.getByRole('button', { name: /weather_set/ });
    await expect.poll(() => storedRun.count()).toBe(1);
    await storedRun.click();
    await results.getByText('Stored result', { exact: false }).waitFor();
    await results.getByText('1 of 3 passed', { exact: false }).waitFor();

    // Delete a case.
    await caseRow('sunny_case').getByRole('button', { name: 'Open sunny_case' }).click();
    const sunnyEditor = dialog('Eval case sunny_case');
    await sunnyEditor.getByRole('button', { name: 'Delete case', exact: true }).click();
    await sunnyEditor.getByRole('button', { name: 'Delete', exact: true }).click();
    await sunnyEditor.waitFor({ state: 'detached' });
    await caseRow('sunny_case').waitFor({ state: 'detached' });
    expect(await caseRow('rainy_case').count()).toBe(1);
    expect(await caseRow('lisbon_case').count()).toBe(1);
  });

  it('shows the server refusing a duplicate eval set', async () => {
    await chatAboutWeather();
    for (const attempt of [1, 2]) {
      await evalTab().getByRole('button', { name: 'New eval set', exact: true }).click();
      await submitId('New eval set', 'twice_set', 'Create');
      if (attempt === 1) await dialog('New eval set').waitFor({ state: 'detached' });
    }
    const refusal = dialog('New eval set').getByRole('alert');
    await expect.poll(() => refusal.innerText()).toMatch(/^HTTP 4\d\d: .*twice_set/);
  });

  it('refuses an eval set id the server would refuse, saying what the id may contain', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await openTab(page, 'Eval');
    await evalTab().getByRole('button', { name: 'New eval set', exact: true }).click();
    await submitId('New eval set', 'weather-set.v2', 'Create');
    // The dialog's own words, not the server's "HTTP 400: …": nothing was sent.
    const refusal = dialog('New eval set').getByRole('alert');
    await expect
      .poll(() => refusal.innerText())
      .toBe('Eval set id may contain only letters, digits and "_" (no spaces, "." or "-").');
    await submitId('New eval set', 'weather_set_v2', 'Create');
    await dialog('New eval set').waitFor({ state: 'detached' });
  });
});
