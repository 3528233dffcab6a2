import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import storeCss from './theme/store.css?inline';

// The shell's and the home's styles go into the page from here, before the first render, rather
// than as a stylesheet link: a link in the head would block the first paint (index.html's
// 'Cargando…') until it arrived, and it is only needed once the app renders.
const style = document.createElement('style');
style.textContent = storeCss;
document.head.append(style);

const root = document.getElementById('root');
if (!root) throw new Error('No se encontró el elemento raíz de la tienda');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
