import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createDefaultMetricEvaluatorRegistry } from '../../src/evaluation/default-metric-evaluator-registry.js';
import { ScriptedLlm, textResponse } from '../../src/testing/scripted-llm.js';
import { WEATHER_ANSWER } from './dev-ui-app.js';
import {
  APP_NAME,
  createSession,
  inspector,
  openApp,
  openTab,
  screenshot,
  useDevUiBrowser,
  type DevServer,
} from './harness.js';

// Issue 21's "done when" for the dev UI: the Eval tab runs an LLM-judged
// metric (final_response_match_v2, its threshold set in the run dialog)
// against the scripted `dev_ui_app`, scored by a scripted judge the server
// is given as users of `serveApiServer` give it (a metric registry made with
// `createDefaultMetricEvaluatorRegistry({ judgeModel })`). The judge finds
// the agent's answer valid against the expected WEATHER_ANSWER and invalid
// against WRONG_GOLDEN.

const QUESTION = 'weather in Paris please';
const WRONG_GOLDEN = 'It is raining in Lisbon.';

const judge = new ScriptedLlm({
  model: 'scripted-judge',
  responses: (request) => {
    const prompt = request.contents[0]?.parts?.[0]?.text ?? '';
    const label = prompt.includes(WRONG_GOLDEN) ? 'invalid' : 'valid';
    return textResponse(`{"reasoning": "compared", "is_the_agent_response_valid": "${label}"}`);
  },
});

/** A one-turn case of QUESTION expecting `golden`, as adk-python writes it (snake_case). */
function pythonCase(evalId: string, golden: string): unknown {
  return {
    eval_id: evalId,
    conversation: [
      {
        invocation_id: `e-${evalId}`,
        user_content: { parts: [{ text: QUESTION }], role: 'user' },
        final_response: { parts: [{ text: golden }], role: 'model' },
        intermediate_data: { tool_uses: [], intermediate_responses: [] },
        creation_timestamp: 1764201600.5,
      },
    ],
    session_input: { app_name: APP_NAME, user_id: 'user', state: {} },
    creation_timestamp: 1764201601.0,
  };
}

const agentsDirectory = mkdtempSync(path.join(tmpdir(), 'adk-eval-judge-web-'));
mkdirSync(path.join(agentsDirectory, APP_NAME));
writeFileSync(
  path.join(agentsDirectory, APP_NAME, 'judged_set.evalset.json'),
  JSON.stringify({
    eval_set_id: 'judged_set',
    name: 'judged_set',
    eval_cases: [
      pythonCase('valid_case', WEATHER_ANSWER),
      pythonCase('invalid_case', WRONG_GOLDEN),
    ],
    creation_timestamp: 1764201599.0,
  }),
);
afterAll(() => rmSync(agentsDirectory, { recursive: true, force: true }));

const ui = useDevUiBrowser(
  { width: 1400, height: 900 },
  {},
  {
    dev: {
      agentsDirectory,
      metricEvaluatorRegistry: createDefaultMetricEvaluatorRegistry({ judgeModel: judge }),
    },
  },
);
let server: DevServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = ui);
});

function evalTab(): Locator {
  return inspector(page);
}

describe('dev UI: Eval tab with an LLM judge', () => {
  it('runs final_response_match_v2 with the threshold set in the run dialog and shows the judged verdicts', async () => {
    await openApp(page, server.url);
    await createSession(page);
    await openTab(page, 'Eval');
    await evalTab().getByLabel('Eval set', { exact: true }).selectOption('judged_set');
    const caseRow = (evalId: string) =>
      evalTab().getByRole('region', { name: 'Eval cases' }).locator(`[data-eval-id="${evalId}"]`);
    await caseRow('invalid_case').waitFor();

    await evalTab().getByLabel('All cases').check();
    await evalTab().getByRole('button', { name: 'Run evaluation', exact: true }).click();
    const runDialog = page.getByRole('dialog', { name: 'Run evaluation', exact: true });
    await runDialog.getByText('2 cases will run.', { exact: false }).waitFor();
    // Only the judged metric, at 0.5 (its default threshold is the top of its range).
    await runDialog.getByLabel('tool_trajectory_avg_score', { exact: true }).uncheck();
    await runDialog.getByLabel('response_match_score', { exact: true }).uncheck();
    await runDialog.getByLabel('final_response_match_v2', { exact: true }).check();
    const threshold = runDialog.getByLabel('Threshold of final_response_match_v2');
    expect(await threshold.inputValue()).toBe('1');
    await threshold.fill('0.5');
    await runDialog.getByRole('button', { name: 'Run', exact: true }).click();
    await runDialog.waitFor({ state: 'detached' });

    const results = evalTab().getByRole('region', { name: 'Eval results' });
    await results.getByText('1 of 2 passed', { exact: false }).waitFor({ timeout: 30_000 });
    const resultRow = (evalId: string) => results.locator(`[data-eval-id="${evalId}"]`);
    expect(await resultRow('valid_case').locator('.eval-status').innerText()).toBe('Passed');
    expect(await resultRow('invalid_case').locator('.eval-status').innerText()).toBe('Failed');
    expect(await caseRow('valid_case').locator('.eval-status').innerText()).toBe('Passed');
    expect(await caseRow('invalid_case').locator('.eval-status').innerText()).toBe('Failed');

    // The judge was asked with the reference prompt, 5 samples (the criterion's default) per case.
    const prompts = judge.requests.map((request) => request.contents[0]?.parts?.[0]?.text ?? '');
    expect(prompts).toHaveLength(10);
    for (const prompt of prompts) {
      expect(prompt).toMatch(/^You are an expert rater for an AI agent\./);
      expect(prompt).toContain(`"User prompt": ${QUESTION},`);
      expect(prompt).toContain(`"Agent response": ${WEATHER_ANSWER},`);
    }
    expect(
      prompts.filter((prompt) => prompt.includes(`"Reference response": ${WRONG_GOLDEN},`)),
    ).toHaveLength(5);
    await screenshot(page, 'eval-tab-judge-results');

    // Each case's detail: the judge metric's score against the threshold set, and the verdict.
    const metricCells = async (evalId: string): Promise<string[]> => {
      await resultRow(evalId).getByRole('button', { name: 'Details', exact: true }).click();
      const detail = page.getByRole('dialog', { name: `Result of ${evalId}`, exact: true });
      const row = detail
        .getByRole('table', { name: 'Overall metric results' })
        .locator('[data-metric="final_response_match_v2"]');
      await row.waitFor();
      const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
      await detail.getByRole('button', { name: 'Close', exact: true }).click();
      await detail.waitFor({ state: 'detached' });
      return cells;
    };
    expect(await metricCells('valid_case')).toEqual([
      'final_response_match_v2',
      '1',
      '0.5',
      'Passed',
    ]);
    expect(await metricCells('invalid_case')).toEqual([
      'final_response_match_v2',
      '0',
      '0.5',
      'Failed',
    ]);
  });
});
