import type { Message, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { A2aTaskState } from '../converters/a2a-enums.js';

/**
 * Keeps what a task ends in while its status updates stream by (Python
 * `TaskResultAggregator`): the strongest state seen (failed, then
 * auth-required, then input-required, then working) and the message of the
 * update that set it, or the latest working message. Each update passed in
 * is rewritten to `working`, so that only the final update ends the task.
 */
export class TaskResultAggregator {
  private state: TaskState = A2aTaskState.working;
  private message: Message | undefined;

  /** The state the task ends in. */
  get taskState(): TaskState {
    return this.state;
  }

  /** The message the final update carries. */
  get taskStatusMessage(): Message | undefined {
    return this.message;
  }

  /** Records one status update and rewrites its state to `working`. */
  processEvent(update: TaskStatusUpdateEvent): void {
    const status = update.status;
    if (!status) return;
    const rank = (state: TaskState): number =>
      [
        A2aTaskState.working,
        A2aTaskState.inputRequired,
        A2aTaskState.authRequired,
        A2aTaskState.failed,
      ].indexOf(state as never);
    if (status.state !== A2aTaskState.working && rank(status.state) >= rank(this.state)) {
      this.state = status.state;
      this.message = status.message;
    } else if (status.state === A2aTaskState.working && this.state === A2aTaskState.working) {
      this.message = status.message;
    }
    status.state = A2aTaskState.working;
  }
}
