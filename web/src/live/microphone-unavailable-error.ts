/**
 * The browser offers no microphone API to this page: it is not a secure
 * context (the dev UI opened over plain HTTP on a host other than
 * localhost), or the browser has none.
 */
export class MicrophoneUnavailableError extends Error {
  constructor() {
    super(
      'This browser gives the microphone only to secure pages: open the dev UI on ' +
        'localhost / 127.0.0.1 or over HTTPS.',
    );
    this.name = 'MicrophoneUnavailableError';
  }
}
