import { render } from 'preact';
import { App } from './app';
import { handBackOAuthResponse } from './chat/oauth-callback';
import './styles.css';

const root = document.getElementById('app');
if (handBackOAuthResponse()) {
  if (root) root.textContent = 'Sign-in finished. You can close this window.';
} else if (root) render(<App />, root);
