import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { preloadScreens } from './app/routes.js';
import { storedRole } from './shared/session/storage.js';

// zod compiles a parser per object schema with `new Function` when the page allows it, and finds out by
// trying one: under the portal's policy (no 'unsafe-eval') that try is a reported violation on every
// page with a form. Its `jitless` setting skips both. zod reads its settings from this global when it
// loads (as `z.config` writes them), so they are set here without bringing zod into the first download;
// the schemas load later, with a form.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// Someone signed in from this browser: their screen's code loads while the session is restored.
const role = storedRole();
if (role) preloadScreens(role, window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
