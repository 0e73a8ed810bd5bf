import { BaseLlmFlow } from './base-llm-flow.js';
import type { LlmRequestProcessor, LlmResponseProcessor } from './llm-processor.js';
import { agentTransferRequestProcessor } from './processors/agent-transfer.js';
import { authRequestProcessor } from './processors/auth-preprocessor.js';
import { basicRequestProcessor } from './processors/basic.js';
import {
  codeExecutionRequestProcessor,
  codeExecutionResponseProcessor,
} from './processors/code-execution.js';
import { compactionRequestProcessor } from './processors/compaction.js';
import { contentsRequestProcessor } from './processors/contents.js';
import { contextCacheRequestProcessor } from './processors/context-cache.js';
import { identityRequestProcessor } from './processors/identity.js';
import { instructionsRequestProcessor } from './processors/instructions.js';
import { interactionsRequestProcessor } from './processors/interactions.js';
import {
  nlPlanningRequestProcessor,
  nlPlanningResponseProcessor,
} from './processors/nl-planning.js';
import { outputSchemaRequestProcessor } from './processors/output-schema.js';
import { requestConfirmationRequestProcessor } from './processors/request-confirmation.js';

/**
 * SingleFlow's request processors, in Python's order (spec 000 §3.1). The
 * instruction comes before the identity line, as the recordings show.
 */
export const SINGLE_FLOW_REQUEST_PROCESSORS: readonly LlmRequestProcessor[] = [
  basicRequestProcessor,
  authRequestProcessor,
  requestConfirmationRequestProcessor,
  instructionsRequestProcessor,
  identityRequestProcessor,
  // Compaction comes before contents, so a summary it writes is in this request.
  compactionRequestProcessor,
  contentsRequestProcessor,
  contextCacheRequestProcessor,
  interactionsRequestProcessor,
  // Planning follows contents: it clears the thought flags contents carried over.
  nlPlanningRequestProcessor,
  codeExecutionRequestProcessor,
  outputSchemaRequestProcessor,
];

/** SingleFlow's response processors (spec 000 Appendix A). */
export const SINGLE_FLOW_RESPONSE_PROCESSORS: readonly LlmResponseProcessor[] = [
  nlPlanningResponseProcessor,
  codeExecutionResponseProcessor,
];

/** The flow of an agent that cannot transfer: tools only (spec 000 §2.2). */
export const singleFlow = new BaseLlmFlow({
  requestProcessors: SINGLE_FLOW_REQUEST_PROCESSORS,
  responseProcessors: SINGLE_FLOW_RESPONSE_PROCESSORS,
});

/**
 * The flow of an agent that can transfer: SingleFlow plus the transfer
 * processor, which Python appends after the others (the transfer
 * instructions follow the identity line in every recorded request).
 */
export const autoFlow = new BaseLlmFlow({
  requestProcessors: [...SINGLE_FLOW_REQUEST_PROCESSORS, agentTransferRequestProcessor],
  responseProcessors: SINGLE_FLOW_RESPONSE_PROCESSORS,
});
