import type { Artifact, Task, TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '@a2a-js/sdk';

/**
 * The remote task as the updates of one streamed answer build it up (what
 * Python's client task manager keeps): the first task seen, then each status
 * update replacing its status and each artifact update adding or extending
 * an artifact. Updates for a task not seen yet start one from their ids.
 */
export class RemoteA2aTaskTracker {
  private current: Task | undefined;

  /** The task so far, undefined before any task or update arrived. */
  get task(): Task | undefined {
    return this.current;
  }

  /** Takes a full task the server sent. */
  setTask(task: Task): Task {
    this.current = { ...task, artifacts: [...(task.artifacts ?? [])] };
    return this.current;
  }

  /** Applies a status update; returns the task after it. */
  applyStatus(update: TaskStatusUpdateEvent): Task {
    const task = this.taskFor(update.taskId, update.contextId);
    // A status message replaced by a newer one moves to the history, as the SDK's own manager does.
    if (task.status?.message) task.history = [...(task.history ?? []), task.status.message];
    task.status = update.status;
    return task;
  }

  /** Applies an artifact update (appending to an artifact of the same id when `append`); returns the task after it. */
  applyArtifact(update: TaskArtifactUpdateEvent): Task {
    const task = this.taskFor(update.taskId, update.contextId);
    const artifact = update.artifact;
    if (!artifact) return task;
    const index = task.artifacts.findIndex((entry) => entry.artifactId === artifact.artifactId);
    if (index < 0) {
      task.artifacts.push(artifact);
    } else if (update.append) {
      const existing = task.artifacts[index]!;
      const merged: Artifact = { ...existing, parts: [...existing.parts, ...artifact.parts] };
      task.artifacts[index] = merged;
    } else {
      task.artifacts[index] = artifact;
    }
    return task;
  }

  private taskFor(taskId: string, contextId: string): Task {
    if (!this.current || this.current.id !== taskId) {
      this.current = {
        id: taskId,
        contextId,
        status: undefined,
        artifacts: [],
        history: [],
        metadata: undefined,
      };
    }
    return this.current;
  }
}
