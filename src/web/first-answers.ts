/**
 * The first screen's answers written into the page (src/shared/first-screen/calls.ts): a
 * `<script type="application/json">` before `</body>`, which the browser does not run (the strict CSP still holds)
 * and the renderer reads once as it starts. Only for a request that carries this run's session cookie: the page is
 * served to anyone who can reach the port, the answers (the week, the account's name, the jobs) only to the browser
 * the run's printed address was opened in, as every call is (./session-cookie.ts). No token is among them: the
 * account's answer never carries one, and the page is checked for it (test/unit/web-server.test.ts, test/e2e/first-screen.spec.ts).
 */
import { FIRST_ANSWERS_ID } from '../shared/first-screen/answers';

/** JSON safe inside a script element: nothing in it can close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The answers' script element, which the page carries just before its `</body>`. */
export function firstAnswersScript(answers: unknown): string {
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptSafeJson(answers)}</script>`;
}

/** `html` with the answers' script just before its `</body>` (at its end when it has none). */
export function withFirstAnswers(html: string, answers: unknown): string {
  const { head, tail } = splitAtBodyEnd(html);
  return head + firstAnswersScript(answers) + tail;
}

/**
 * The page cut where the answers go. The server sends `head` at once and `tail` after the answers: the browser
 * paints what it has meanwhile, and the app's module script, which runs only once the whole page is parsed, finds
 * them there. Without a `</body>` the cut is at the end.
 */
export function splitAtBodyEnd(html: string): { head: string; tail: string } {
  const at = html.lastIndexOf('</body>');
  return at < 0 ? { head: html, tail: '' } : { head: html.slice(0, at), tail: html.slice(at) };
}
