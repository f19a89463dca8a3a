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
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The first screen is drawn before the answers come in: their updates would otherwise be worked through before the
// first frame, and the window would stay blank for them. Asked right after that frame, so nothing waits longer.
requestAnimationFrame(() => setTimeout(() => void loadEverything(appStore), 0));
