/**
 * Opens a URL in the user's browser without Electron: `open` on macOS, `start` on Windows, `xdg-open` elsewhere.
 * (On Debian `/usr/bin/open` is openvt, so `open` is only used on macOS.) Resolves false when no opener exists or it
 * fails, so the caller prints the URL instead; never throws.
 */
import { spawn } from 'node:child_process';

function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  // `start` treats its first quoted argument as a window title: pass an empty one.
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

export function openInBrowser(url: string): Promise<boolean> {
  const [command, args] = opener(url);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
