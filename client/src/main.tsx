// First: the first page's code and data start loading before the rest of this script runs.
import './start-first-route';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.firstChild) {
  // The server sent the page already rendered (a guest's first page): React takes it over as it
  // is, once the browser has painted it (hydrating first would hold that paint behind all of
  // React's work on a slow phone).
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app), 0));
} else {
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for all of it: on a slow phone that was one long task of the entry.
  startTransition(() => root.render(app));
}
