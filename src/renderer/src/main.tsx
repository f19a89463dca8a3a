/**
 * Renderer entry. The built index.html already holds the first screen (prerender.tsx), and these styles are all it
 * needs; so the browser paints it before the app's script is even parsed, and only then is the app loaded (boot.tsx),
 * which takes the screen over where it is. A script run at once would hold that first frame back for as long as it
 * takes to parse and run (issue 10: the first tab's content within 300 ms of navigation; bench/web-mode.ts measures it).
 */
import './styles.css';
import './styles/track.css';

requestAnimationFrame(() => setTimeout(() => { void import('./boot'); }, 0));
