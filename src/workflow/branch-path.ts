/**
 * Branches are dot-separated paths of node runs, `wf.worker@2` (Python
 * `_BranchPath`); node paths are slash-separated, `wf@1/a@1`
 * (`_NodePathBuilder`). Each segment is `name@runId`, or just `name`.
 */

/** `<base>.<name>@<runId>` (or without `@runId`); just the segment when there is no base. */
export function createSubBranch(
  base: string | undefined,
  segment: { name: string; runId?: string },
): string {
  const part = segment.runId === undefined ? segment.name : `${segment.name}@${segment.runId}`;
  return base ? `${base}.${part}` : part;
}

/**
 * The longest common prefix, segment by segment, of some branches: the
 * branch a JoinNode runs on (Python `JoinNode`, 004 §2). Undefined branches
 * count as the root, so any of them makes the result undefined.
 */
export function commonBranchPrefix(branches: readonly (string | undefined)[]): string | undefined {
  if (branches.length === 0) return undefined;
  let common: string[] | undefined;
  for (const branch of branches) {
    if (!branch) return undefined;
    const segments = branch.split('.');
    if (common === undefined) {
      common = segments;
      continue;
    }
    let length = 0;
    while (
      length < common.length &&
      length < segments.length &&
      common[length] === segments[length]
    ) {
      length++;
    }
    common = common.slice(0, length);
  }
  return common && common.length > 0 ? common.join('.') : undefined;
}

/** `<parent>/<name>@<runId>` (just the segment when there is no parent path). */
export function appendNodePath(
  parentPath: string | undefined,
  name: string,
  runId: string,
): string {
  const segment = `${name}@${runId}`;
  return parentPath ? `${parentPath}/${segment}` : segment;
}

/** The run ids in a branch's segments (Python `_BranchPath.run_ids`): `a@1.b@call-7` → 1, call-7. */
export function branchRunIds(branch: string | undefined): string[] {
  if (!branch) return [];
  const ids: string[] = [];
  for (const segment of branch.split('.')) {
    const at = segment.lastIndexOf('@');
    if (at >= 0) ids.push(segment.slice(at + 1));
  }
  return ids;
}
