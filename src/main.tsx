import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startFirstLoad } from './app/first-load.ts';
import { queryClient } from './app/query-client.ts';
import './app/global.css';

// Before React's first render: with a stored token, its check, the page's code and first data.
const startedCheck = startFirstLoad(queryClient, window.location);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App startedCheck={startedCheck} />
    </StrictMode>,
  );
}
