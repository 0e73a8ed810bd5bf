import { useEffect, useState } from 'preact/hooks';
import {
  addSessionToEvalSet,
  createEvalSet,
  getEvalResult,
  getMetricsInfo,
  listEvalCases,
  listEvalResults,
  listEvalSets,
  runEval,
} from './eval-api';
import { CaseResultDialog } from './case-result-dialog';
import { EvalCaseDialog } from './eval-case-dialog';
import { EvalResultsList } from './eval-results-list';
import { sortResultIds } from './eval-status';
import { storedResults, type EvalStore } from './eval-store';
import type { WireEvalCaseResult, WireEvalMetric } from './eval-types';
import { errorMessage } from './error-message';
import { IdPromptDialog } from './id-prompt-dialog';
import { EVAL_CASE_ID_RULE, EVAL_SET_ID_RULE } from './id-rules';
import { defaultMetricChoices } from './metric-choices';
import { StatusBadge } from './metric-results-table';
import { RunEvalDialog } from './run-eval-dialog';
import './eval.css';

/** Props of EvalTab. */
export interface EvalTabProps {
  appName: string;
  userId: string;
  /** The current session ('' when none): what "Add current session" adds. */
  sessionId: string;
  store: EvalStore;
}

type Dialog =
  | { kind: 'new-set' }
  | { kind: 'add-session' }
  | { kind: 'case'; evalId: string }
  | { kind: 'run' }
  | { kind: 'result'; result: WireEvalCaseResult }
  | null;

/**
 * The Eval tab (adk-python's eval routes): pick or create an eval set, add
 * the current session to it as a case, open a case to edit its expected
 * responses, run the checked cases with chosen metrics and thresholds, and
 * read the results with expected vs actual diffs; past runs are listed and
 * can be opened. Every failed request is shown.
 */
export function EvalTab({ appName, userId, sessionId, store }: EvalTabProps) {
  const { state, update } = store;
  const [dialog, setDialog] = useState<Dialog>(null);

  const fail = (what: string) => (failure: unknown) =>
    update({ error: `${what}: ${errorMessage(failure)}` });

  const refreshSets = (): Promise<void> =>
    listEvalSets(appName).then(
      (evalSetIds) => update({ evalSetIds }),
      (failure: unknown) => {
        update({ evalSetIds: [] });
        fail('Could not list the eval sets')(failure);
      },
    );
  const refreshResults = (): Promise<void> =>
    listEvalResults(appName).then(
      (ids) => update({ resultIds: sortResultIds(ids) }),
      (failure: unknown) => {
        update({ resultIds: [] });
        fail('Could not list the eval results')(failure);
      },
    );
  const refreshCases = (evalSetId: string): Promise<void> =>
    listEvalCases(appName, evalSetId).then(
      (caseIds) =>
        update((current) =>
          current.selectedSetId === evalSetId
            ? {
                caseIds,
                checkedCaseIds: current.checkedCaseIds.filter((id) => caseIds.includes(id)),
              }
            : {},
        ),
      fail(`Could not list the cases of ${evalSetId}`),
    );

  // Listed once per app (the store starts empty for each); every change made here refreshes what it touched.
  const setsUnlisted = state.evalSetIds === null;
  const resultsUnlisted = state.resultIds === null;
  useEffect(() => {
    if (setsUnlisted) void refreshSets();
  }, [appName, setsUnlisted]);
  useEffect(() => {
    if (resultsUnlisted) void refreshResults();
  }, [appName, resultsUnlisted]);

  const selectSet = (evalSetId: string | null): void => {
    update({ selectedSetId: evalSetId, caseIds: null, checkedCaseIds: [], error: null });
    if (evalSetId) void refreshCases(evalSetId);
  };

  const openRun = async (): Promise<void> => {
    if (state.metricChoices === null) {
      try {
        update({ metricChoices: defaultMetricChoices(await getMetricsInfo(appName)) });
      } catch (failure) {
        fail('Could not read the metrics')(failure);
        return;
      }
    }
    setDialog({ kind: 'run' });
  };

  const run = async (evalMetrics: WireEvalMetric[]): Promise<void> => {
    const evalSetId = state.selectedSetId;
    if (!evalSetId) return;
    setDialog(null);
    update({ running: true, error: null });
    try {
      const cases = await runEval({
        appName,
        evalSetId,
        evalCaseIds: state.checkedCaseIds,
        evalMetrics,
      });
      update({ shown: { source: 'run', evalSetId, cases } });
      void refreshResults();
    } catch (failure) {
      fail(`The evaluation of ${evalSetId} failed`)(failure);
    } finally {
      update({ running: false });
    }
  };

  const openStored = async (resultId: string): Promise<void> => {
    try {
      const result = await getEvalResult(appName, resultId);
      update({ shown: storedResults(result, resultId), error: null });
    } catch (failure) {
      fail(`Could not load the result ${resultId}`)(failure);
    }
  };

  const setId = state.selectedSetId;
  const caseIds = state.caseIds ?? [];
  const statusOf = (evalId: string): number | undefined =>
    state.shown?.evalSetId === setId
      ? state.shown?.cases.find((result) => result.evalId === evalId)?.finalEvalStatus
      : undefined;
  const allChecked = caseIds.length > 0 && state.checkedCaseIds.length === caseIds.length;

  return (
    <div class="inspect-panel eval-tab">
      <div class="panel-toolbar">
        <div class="inline-field">
          <label for="eval-set-picker">Eval set</label>
          <select
            id="eval-set-picker"
            value={setId ?? ''}
            onChange={(event) => selectSet(event.currentTarget.value || null)}
          >
            <option value="">
              {state.evalSetIds === null
                ? 'Loading…'
                : state.evalSetIds.length === 0
                  ? 'No eval sets'
                  : 'Pick an eval set'}
            </option>
            {(state.evalSetIds ?? []).map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => setDialog({ kind: 'new-set' })}>
          New eval set
        </button>
      </div>
      {state.error && (
        <p class="panel-error" role="alert">
          {state.error}{' '}
          <button type="button" class="link" onClick={() => update({ error: null })}>
            Dismiss
          </button>
        </p>
      )}
      {setId && (
        <section class="eval-cases" aria-label="Eval cases">
          <div class="panel-toolbar">
            <h4>Cases</h4>
            <button
              type="button"
              disabled={!sessionId}
              title={sessionId ? undefined : 'Create or pick a session first'}
              onClick={() => setDialog({ kind: 'add-session' })}
            >
              Add current session
            </button>
          </div>
          {state.caseIds === null ? (
            <p class="panel-empty">Loading the cases…</p>
          ) : caseIds.length === 0 ? (
            <p class="panel-empty">
              No cases yet: chat with the agent, then add the session as a case.
            </p>
          ) : (
            <ul class="eval-list">
              <li class="eval-case-row eval-list-head">
                <label>
                  <input
                    type="checkbox"
                    checked={allChecked}
                    onChange={() => update({ checkedCaseIds: allChecked ? [] : [...caseIds] })}
                  />
                  <span>All cases</span>
                </label>
              </li>
              {caseIds.map((evalId) => {
                const status = statusOf(evalId);
                return (
                  <li key={evalId} class="eval-case-row" data-eval-id={evalId}>
                    <label>
                      <input
                        type="checkbox"
                        checked={state.checkedCaseIds.includes(evalId)}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          update((current) => ({
                            checkedCaseIds: checked
                              ? [...current.checkedCaseIds, evalId]
                              : current.checkedCaseIds.filter((id) => id !== evalId),
                          }));
                        }}
                      />
                      <span class="mono">{evalId}</span>
                    </label>
                    {status !== undefined && <StatusBadge status={status} />}
                    <button
                      type="button"
                      aria-label={`Open ${evalId}`}
                      onClick={() => setDialog({ kind: 'case', evalId })}
                    >
                      Open
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div class="panel-toolbar">
            <button
              type="button"
              class="primary"
              disabled={state.checkedCaseIds.length === 0 || state.running}
              onClick={() => void openRun()}
            >
              Run evaluation
            </button>
            {state.running && (
              <span class="muted" role="status">
                Running {state.checkedCaseIds.length} case(s)…
              </span>
            )}
          </div>
        </section>
      )}
      {state.shown && (
        <EvalResultsList
          shown={state.shown}
          onOpen={(result) => setDialog({ kind: 'result', result })}
        />
      )}
      <section class="eval-history" aria-label="Past results">
        <div class="panel-toolbar">
          <h4>Past results</h4>
          <button type="button" onClick={() => void refreshResults()}>
            Refresh
          </button>
        </div>
        {state.resultIds === null ? (
          <p class="panel-empty">Loading…</p>
        ) : state.resultIds.length === 0 ? (
          <p class="panel-empty">No stored results.</p>
        ) : (
          <ul class="eval-list">
            {state.resultIds.map((id) => (
              <li key={id} class="eval-result-id">
                <button
                  type="button"
                  class="link mono"
                  aria-current={state.shown?.resultId === id}
                  onClick={() => void openStored(id)}
                >
                  {id}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {dialog?.kind === 'new-set' && (
        <IdPromptDialog
          title="New eval set"
          label="Eval set id"
          rule={EVAL_SET_ID_RULE}
          submitLabel="Create"
          hint={`Saved as ${appName}/<id>.evalset.json in the agents directory.`}
          onClose={() => setDialog(null)}
          onSubmit={async (id) => {
            await createEvalSet(appName, id);
            setDialog(null);
            await refreshSets();
            selectSet(id);
          }}
        />
      )}
      {dialog?.kind === 'add-session' && setId && (
        <IdPromptDialog
          title="Add the session as a case"
          label="Eval case id"
          rule={EVAL_CASE_ID_RULE}
          submitLabel="Add"
          initialValue={`case_${sessionId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`}
          hint={`Each turn of session ${sessionId} becomes an invocation: its tool calls and final response are what the case expects.`}
          onClose={() => setDialog(null)}
          onSubmit={async (evalId) => {
            await addSessionToEvalSet({ appName, evalSetId: setId, evalId, sessionId, userId });
            setDialog(null);
            await refreshCases(setId);
          }}
        />
      )}
      {dialog?.kind === 'case' && setId && (
        <EvalCaseDialog
          appName={appName}
          evalSetId={setId}
          evalId={dialog.evalId}
          onChanged={() => void refreshCases(setId)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'run' && state.metricChoices && (
        <RunEvalDialog
          caseCount={state.checkedCaseIds.length}
          choices={state.metricChoices}
          onChoicesChange={(metricChoices) => update({ metricChoices })}
          onRun={(metrics) => void run(metrics)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'result' && (
        <CaseResultDialog result={dialog.result} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
