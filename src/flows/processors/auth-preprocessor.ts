import { NotSupportedError } from '../../errors/not-supported-error.js';
import { getFunctionResponses } from '../../events/event-predicates.js';
import { REQUEST_EUC_FUNCTION_CALL_NAME } from '../functions.js';
import type { LlmRequestProcessor } from '../llm-processor.js';

/**
 * The auth step (spec 000 Appendix A #2): when the user's latest message
 * answers `adk_request_credential` calls, the credentials are stored and the
 * tools that asked are run again. Turns without such answers pass through.
 * The credential exchange itself belongs to the auth subsystem, which this
 * package does not have yet, so an answer is refused with
 * `NotSupportedError` rather than ignored.
 */
export const authRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context) {
    const events = context.session.events;
    for (let index = events.length - 1; index >= 0; index--) {
      const event = events[index]!;
      if (event.author !== 'user') continue;
      const answers = getFunctionResponses(event).filter(
        (response) => response.name === REQUEST_EUC_FUNCTION_CALL_NAME,
      );
      if (answers.length > 0) {
        throw new NotSupportedError({
          message:
            'The session answers an adk_request_credential call, but tool authentication ' +
            '(credential exchange and storage) is not supported by this version.',
        });
      }
      return;
    }
  },
};
