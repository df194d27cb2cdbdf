// start.ts first: evaluated before React and the app, it sends a signed-in load's first requests.
import { startedCheck } from './app/start.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './app/global.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App startedCheck={startedCheck} />
    </StrictMode>,
  );
}
