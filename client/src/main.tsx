// First: the first page's code and data start loading before the rest of this script runs.
import './start-first-route';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for all of it: on a slow phone that was one long task of the entry.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
