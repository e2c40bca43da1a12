import { StrictMode, startTransition } from 'react';
import './lib/styles/tokens.css';
import './lib/styles/base.css';
import './lib/styleNonce';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/errors/ErrorBoundary';
import { getCurrentUser } from './lib/api/client';

// The auth warm-up's request (shared and cached by getCurrentUser) starts beside the maintenance
// check, one round trip instead of two; the screens still come in order: maintenance, then auth.
getCurrentUser().catch(() => undefined);

// A transition lets React render the first screen in slices of a few milliseconds instead of one
// long task, so the page stays responsive while it starts (Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  ),
);
