import type { Event } from '../events/event.js';

/**
 * The static paths of the workflow nodes the invocation of `eventId` had
 * reached by that event, for the per-event graph: every event of that
 * invocation up to and including it that carries a `nodeInfo.path`
 * (`wf@1/inner@1/b@2`) gives its path without run ids (`wf/inner/b`) and
 * each prefix of it (`wf`, `wf/inner`). Empty when the event is not in
 * `events`.
 */
export function workflowRunPaths(events: readonly Event[], eventId: string): Set<string> {
  const paths = new Set<string>();
  const index = events.findIndex((event) => event.id === eventId);
  const invocationId = events[index]?.invocationId;
  for (const event of events.slice(0, index + 1)) {
    const nodePath = event.nodeInfo?.path;
    if (event.invocationId !== invocationId || !nodePath) continue;
    const names = nodePath.split('/').map((segment) => segment.replace(/@[^@/]*$/, ''));
    for (let length = 1; length <= names.length; length++) {
      paths.add(names.slice(0, length).join('/'));
    }
  }
  return paths;
}
