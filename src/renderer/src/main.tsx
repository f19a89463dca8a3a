/** Renderer entry: mount the app, subscribe to the core's push events once, and load what the first screen needs. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './bridge';
import { App } from './App';
import { loadEverything } from './store';
import { subscribeToEvents } from './store/events';
import { appStore } from './store/useApp';
import './styles.css';

// Subscribed here, not in an effect: StrictMode runs effects twice, and a second subscription would apply every event twice.
const unsubscribe = subscribeToEvents(appStore, api);
window.addEventListener('pagehide', unsubscribe, { once: true });
void loadEverything(appStore);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
