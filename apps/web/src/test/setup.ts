import { afterEach, beforeEach } from 'vitest';
import { SIGNED_IN_COOKIE_NAME } from '@grail/contract';
import { cleanup, configure } from '@testing-library/react';
import { installPlainMessages } from '@grail/contract';

// findBy and waitFor give up after 1 s by default, which a page's first lazy chunk can take on the
// 2-core CI machine while the browser suite runs beside it.
configure({ asyncUtilTimeout: 5_000 });

// As the app's zod module (src/lib/zod.ts) does: forms under test show the product's words.
installPlainMessages();

// Suites fake the current-user answer per test, so the page is told it may hold a session (the
// server's signed-in hint); a suite about visitors clears it (lib/api/client.test.ts).
beforeEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE_NAME}=1; Path=/`;
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom has no pointer capture, which Radix's handlers call (a toast's swipe, a select's press).
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
