import { z } from 'zod';

/**
 * A request for, or answer to, a human's confirmation of one tool call
 * (`adk_request_confirmation`). `payload` is the tool's own data and is never
 * re-cased.
 */
export const ToolConfirmation = z.object({
  hint: z.string().optional(),
  confirmed: z.boolean().default(false),
  payload: z.unknown().optional(),
});
/** A request for, or answer to, a human's confirmation of one tool call. */
export type ToolConfirmation = z.infer<typeof ToolConfirmation>;
