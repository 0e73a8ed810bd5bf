/**
 * The live connection closed before it opened (refused, or the server
 * closed it at once): the close code and the server's reason.
 */
export class LiveClosedError extends Error {
  readonly code: number;
  readonly reason: string;

  constructor(code: number, reason: string, message: string) {
    super(message);
    this.name = 'LiveClosedError';
    this.code = code;
    this.reason = reason;
  }
}
