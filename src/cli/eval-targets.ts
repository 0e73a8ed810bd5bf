/**
 * The eval sets `adk eval` runs, from its `EVAL_SET_FILE_PATH_OR_ID`
 * arguments (adk-python's `parse_and_get_evals_to_run`): each argument is an
 * eval set file path or id, optionally followed by `:` and a comma-separated
 * list of eval case ids to run only those. The result maps each set to its
 * selected case ids, in argument order; an empty list runs every case. The
 * same set named twice collects the ids of both. A Windows drive prefix
 * (`C:\…`) is part of the path, not a selector.
 */
export function parseEvalTargets(args: readonly string[]): Map<string, string[]> {
  const targets = new Map<string, string[]>();
  for (const arg of args) {
    const drivePrefix = /^[A-Za-z]:[\\/]/.test(arg);
    const separator = arg.indexOf(':', drivePrefix ? 3 : 0);
    const evalSet = separator === -1 ? arg : arg.slice(0, separator);
    const caseIds =
      separator === -1
        ? []
        : (arg.slice(separator + 1).split(':')[0] ?? '')
            .split(',')
            .filter((id) => id.trim() !== '');
    const existing = targets.get(evalSet);
    if (existing) existing.push(...caseIds);
    else targets.set(evalSet, caseIds);
  }
  return targets;
}
