/** A DOT source that does not follow the grammar; `offset` is where it stopped making sense. */
export class DotSyntaxError extends Error {
  readonly offset: number;

  constructor(message: string, offset: number) {
    super(`${message} at offset ${offset}`);
    this.name = 'DotSyntaxError';
    this.offset = offset;
  }
}
