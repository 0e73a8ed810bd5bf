import type { Message, TaskState, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { A2aTaskState } from '../converters/a2a-enums.js';

/**
 * Keeps what a task ends in while its status updates stream by (Python
 * `TaskResultAggregator`). The state starts `working`; a `failed` update
 * always takes over, an `auth-required` one unless the task failed, an
 * `input-required` one unless it failed or needs auth, each with its
 * message. While the state is still `working`, any other update's message
 * (or its absence) becomes the message. Every update passed in is rewritten
 * to `working`, so that only the executor's final update ends the task.
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
    const failed = this.state === A2aTaskState.failed;
    const authRequired = this.state === A2aTaskState.authRequired;
    if (status.state === A2aTaskState.failed) {
      this.take(A2aTaskState.failed, status.message);
    } else if (status.state === A2aTaskState.authRequired && !failed) {
      this.take(A2aTaskState.authRequired, status.message);
    } else if (status.state === A2aTaskState.inputRequired && !failed && !authRequired) {
      this.take(A2aTaskState.inputRequired, status.message);
    } else if (this.state === A2aTaskState.working) {
      this.message = status.message;
    }
    status.state = A2aTaskState.working;
  }

  private take(state: TaskState, message: Message | undefined): void {
    this.state = state;
    this.message = message;
  }
}
