import type { Event } from '../../events/event.js';
import type { Invocation } from '../eval-case.js';
import { type NextUserMessage, type UserSimulator, UserSimulatorStatus } from './user-simulator.js';

/**
 * Replays the user turns of an eval case's fixed conversation, one per call,
 * then reports `stop_signal_detected` (Python `StaticUserSimulator`).
 */
export class StaticUserSimulator implements UserSimulator {
  private invocationIndex = 0;

  constructor(private readonly staticConversation: readonly Invocation[]) {}

  getNextUserMessage(_events: readonly Event[]): Promise<NextUserMessage> {
    const invocation = this.staticConversation[this.invocationIndex];
    if (!invocation) {
      return Promise.resolve({ status: UserSimulatorStatus.STOP_SIGNAL_DETECTED });
    }
    this.invocationIndex++;
    return Promise.resolve({
      status: UserSimulatorStatus.SUCCESS,
      userMessage: invocation.userContent,
    });
  }
}
