/** The OAuth2 sign-in window could not be opened (a pop-up blocker). */
export class PopupBlockedError extends Error {
  constructor() {
    super('The browser blocked the sign-in window: allow pop-ups for this page and try again.');
    this.name = 'PopupBlockedError';
  }
}
