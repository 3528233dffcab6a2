import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

// Until the brand has loaded, the spinner of index.html stays on screen (it is #root's content).
const boot = root.innerHTML;

createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<div dangerouslySetInnerHTML={{ __html: boot }} />}>
      <App />
    </Suspense>
  </StrictMode>,
);
