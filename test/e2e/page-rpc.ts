/**
 * One operation through the page's own bridge, as the app's renderer makes it in web mode: POST /rpc/<name> with the
 * run token. The app's script reads that token from the address after the first frame (main.tsx), so this waits for
 * it first. For specs that set the service up or read it back through the same contract the page uses.
 */
import type { Page } from '@playwright/test';

export async function rpc<T>(page: Page, name: string, input: unknown): Promise<T> {
  await page.waitForFunction(() => sessionStorage.getItem('punchcard.runToken'));
  const answer = await page.evaluate(
    async ({ name, input }) => {
      const token = sessionStorage.getItem('punchcard.runToken') ?? '';
      const r = await fetch(`/rpc/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(input),
      });
      return r.json() as Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>;
    },
    { name, input },
  );
  if (!answer.ok) throw new Error(`${name}: ${answer.error?.message}`);
  return answer.value as T;
}
