import { useEffect, useRef, useState } from 'preact/hooks';
import { authorizationError, oauthRedirectUri, withRedirectUri } from './credential-request';
import { signInWithPopup } from './oauth-popup';

/** Props of OAuthSignIn. */
export interface OAuthSignInProps {
  /** The authorization URI the server built (`exchangedAuthCredential.oauth2.authUri`). */
  authUri: string;
  /** False while a run is streaming. */
  enabled: boolean;
  /** Called with the address the authorization server sent the window back to, and the redirect URI used. */
  onSignedIn: (authResponseUri: string, redirectUri: string) => void;
}

type Step = { kind: 'idle' } | { kind: 'waiting' } | { kind: 'error'; message: string };

/**
 * A "Sign in" button that opens the authorization URI, with the dev UI's
 * callback page as `redirect_uri` (adk-web's `<origin>/dev-ui/`), in a
 * pop-up, and waits for the page to report back. An authorization error
 * (`?error=`) or a blocked pop-up is shown, and the button offered again;
 * Cancel abandons the wait.
 */
export function OAuthSignIn({ authUri, enabled, onSignedIn }: OAuthSignInProps) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const signIn = async (): Promise<void> => {
    const redirectUri = oauthRedirectUri(window.location);
    const controller = new AbortController();
    pending.current = controller;
    setStep({ kind: 'waiting' });
    try {
      const address = await signInWithPopup(
        withRedirectUri(authUri, redirectUri),
        controller.signal,
      );
      const error = authorizationError(address);
      if (error) setStep({ kind: 'error', message: `Sign-in failed: ${error}` });
      else {
        setStep({ kind: 'idle' });
        onSignedIn(address, redirectUri);
      }
    } catch (error) {
      if (controller.signal.aborted) setStep({ kind: 'idle' });
      else
        setStep({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (pending.current === controller) pending.current = null;
    }
  };

  return (
    <div class="answer-form oauth-sign-in">
      {step.kind === 'waiting' ? (
        <div class="row">
          <p class="muted small" aria-live="polite">
            Waiting for the sign-in window…
          </p>
          <button type="button" onClick={() => pending.current?.abort()}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" class="primary" disabled={!enabled} onClick={() => void signIn()}>
          Sign in
        </button>
      )}
      {step.kind === 'error' && (
        <p class="error-text" role="alert">
          {step.message}
        </p>
      )}
    </div>
  );
}
