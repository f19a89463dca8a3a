/**
 * The first screen's answers as the window got them (src/shared/first-screen/answers.ts): in web mode the JSON the
 * server wrote into the page, read once; in Electron one bridge call, `getFirstScreen`, asked as soon as the app's
 * script is (main.tsx), so the core works on it while the script loads. None (a first open of the printed address,
 * which has no session cookie yet; a core that could not answer): the window asks each call itself, as before.
 *
 * Imported by main.tsx, which runs before the first paint: nothing here but the page's own APIs.
 */
import { answerKey, FIRST_ANSWERS_ID, type FirstAnswers } from '../../../shared/first-screen/answers';

/** Each answer by its call's key (answerKey). */
export type AnswerBook = ReadonlyMap<string, unknown>;

let reading: Promise<AnswerBook> | null = null;

function book(data: FirstAnswers | null): AnswerBook {
  const answers = Array.isArray(data?.answers) ? data.answers : [];
  return new Map(answers.map((a) => [answerKey(a.name, a.input), a.value]));
}

async function read(): Promise<AnswerBook> {
  const carried = document.getElementById(FIRST_ANSWERS_ID);
  if (carried) {
    // read once: the element goes, so nothing later mistakes the page's old answers for news
    carried.remove();
    try {
      return book(JSON.parse(carried.textContent ?? '') as FirstAnswers);
    } catch {
      return book(null);
    }
  }
  const exposed = typeof window !== 'undefined' ? window.api : undefined;
  if (exposed?.getFirstScreen) return book(await exposed.getFirstScreen({}).catch(() => null));
  return book(null);
}

/** The answers, read (or asked for) the first time only. */
export function firstAnswers(): Promise<AnswerBook> {
  return (reading ??= read());
}
