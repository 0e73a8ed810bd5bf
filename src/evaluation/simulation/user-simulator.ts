import type { Event } from '../../events/event.js';
import type { Content } from '../../types/index.js';

/** Why `getNextUserMessage` did or did not produce a message (Python `Status`). */
export const UserSimulatorStatus = {
  SUCCESS: 'success',
  TURN_LIMIT_REACHED: 'turn_limit_reached',
  STOP_SIGNAL_DETECTED: 'stop_signal_detected',
  NO_MESSAGE_GENERATED: 'no_message_generated',
} as const;
export type UserSimulatorStatus = (typeof UserSimulatorStatus)[keyof typeof UserSimulatorStatus];

/**
 * The simulator's answer (Python `NextUserMessage`): a user message exactly
 * when the status is `success`, otherwise the reason the conversation ends.
 */
export type NextUserMessage =
  | { status: typeof UserSimulatorStatus.SUCCESS; userMessage: Content }
  | { status: Exclude<UserSimulatorStatus, typeof UserSimulatorStatus.SUCCESS> };

/**
 * Plays the user in an eval conversation (Python `UserSimulator`). The
 * inference loop asks it for the next user message, giving it every event of
 * the conversation so far, until it answers with a status other than
 * `success`. One simulator serves one run of one eval case.
 */
export interface UserSimulator {
  /**
   * The next user message, given the conversation's events so far (a copy
   * the simulator may keep). Throws when it cannot produce one for a reason
   * other than the conversation ending.
   */
  getNextUserMessage(events: readonly Event[]): Promise<NextUserMessage>;
}
