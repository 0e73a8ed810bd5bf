/**
 * What contexts and plugins may know of a tool. `BaseTool` (in tools/)
 * implements it; plugin hooks receive tools through it.
 */
export interface ToolContract {
  readonly name: string;
  readonly description: string;
  /** True for tools that return before their work is done (the invocation may pause). */
  readonly isLongRunning: boolean;
  readonly customMetadata?: Record<string, unknown> | undefined;
}
