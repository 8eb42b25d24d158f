import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// Styles are a separate bundle linked from index.html (build.mjs), so nothing here imports CSS.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
