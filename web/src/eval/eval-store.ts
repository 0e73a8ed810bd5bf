import { useCallback, useRef, useState } from 'preact/hooks';
import type { WireEvalCaseResult, WireEvalSetResult } from './eval-types';
import type { MetricChoice } from './metric-choices';

/** The results the Eval tab shows: the latest run's (not yet reloaded from the server) or a stored run. */
export interface ShownResults {
  /** `run` for the run just made, `stored` for a result opened from the history. */
  source: 'run' | 'stored';
  evalSetId: string;
  /** The stored result's id (for `stored`). */
  resultId?: string;
  cases: WireEvalCaseResult[];
}

/** What the Eval tab remembers while the inspector shows other tabs. */
export interface EvalTabState {
  /** The app's eval sets; null until listed. */
  evalSetIds: string[] | null;
  selectedSetId: string | null;
  /** The selected set's case ids; null until listed. */
  caseIds: string[] | null;
  /** The cases ticked for the next run. */
  checkedCaseIds: string[];
  /** The metrics form (from metrics-info); null until fetched. */
  metricChoices: MetricChoice[] | null;
  /** Stored results' ids, newest first; null until listed. */
  resultIds: string[] | null;
  shown: ShownResults | null;
  running: boolean;
  /** The last failed request, shown until the next one succeeds or is dismissed. */
  error: string | null;
}

/** A fresh Eval tab: nothing listed yet. */
export const EMPTY_EVAL_STATE: EvalTabState = {
  evalSetIds: null,
  selectedSetId: null,
  caseIds: null,
  checkedCaseIds: [],
  metricChoices: null,
  resultIds: null,
  shown: null,
  running: false,
  error: null,
};

/** The Eval tab's state and its updater (a patch, or a function of the current state). */
export interface EvalStore {
  state: EvalTabState;
  update: (patch: Partial<EvalTabState> | ((state: EvalTabState) => Partial<EvalTabState>)) => void;
}

/** The converted stored result as the tab shows it. */
export function storedResults(result: WireEvalSetResult, resultId: string): ShownResults {
  return {
    source: 'stored',
    evalSetId: result.evalSetId,
    resultId,
    cases: result.evalCaseResults,
  };
}

/**
 * Holds the Eval tab's state above the tabs (so switching to Events and
 * back keeps the selection and the last run). The state belongs to one
 * app: another app starts empty, and an update made for an app that is no
 * longer shown (a request that answered late) is dropped.
 */
export function useEvalStore(appName: string): EvalStore {
  const [entry, setEntry] = useState<{ appName: string; state: EvalTabState }>({
    appName,
    state: EMPTY_EVAL_STATE,
  });
  const shownApp = useRef(appName);
  shownApp.current = appName;
  const update = useCallback<EvalStore['update']>(
    (patch) => {
      setEntry((current) => {
        if (appName !== shownApp.current) return current;
        const base = current.appName === appName ? current.state : EMPTY_EVAL_STATE;
        return {
          appName,
          state: { ...base, ...(typeof patch === 'function' ? patch(base) : patch) },
        };
      });
    },
    [appName],
  );
  return { state: entry.appName === appName ? entry.state : EMPTY_EVAL_STATE, update };
}
