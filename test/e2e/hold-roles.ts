/**
 * The user's roles' answer (getRoles) held in the page, for the tests of what happens while the tab strip waits for
 * it (src/renderer/src/hooks/useTabsSettled.ts): keys-focus.spec.ts, keys-before-roles.spec.ts. A page opened in a
 * context of its own, without the run's session, gets no answers with the page, so the roles are asked of the core.
 */

/** What the held page keeps on `window`. */
export interface RolesHeld {
  /** Set once the app has asked for the roles and the answer is held. */
  rolesHeld?: boolean;
  /** Hands the held answer over. */
  openRoles: () => void;
  /** As the job field lost the focus: whether the tabs were still waiting for the roles, and the field could be seen. */
  fieldLeft?: { tabsWaiting: boolean; visible: boolean };
}

/**
 * For `page.addInitScript`: the roles' answer as it came from the core, held in the page until `openRoles()`, then
 * read at once: a real answer, handed over at a chosen moment to the microtask (a network task lands there only now
 * and then). Self-contained: it runs in the page.
 */
export function holdRolesInPage() {
  const w = window as unknown as RolesHeld;
  const real = window.fetch.bind(window);
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  w.openRoles = open;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await real(input, init);
    if (!url.includes('/rpc/getRoles')) return answer;
    const text = await answer.text();
    w.rolesHeld = true;
    await gate;
    const held = new Response(text, { status: answer.status, headers: answer.headers });
    held.json = () => Promise.resolve(JSON.parse(text) as unknown);
    return held;
  };
}
