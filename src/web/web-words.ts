/**
 * What web mode's server says itself, before or beside the app (docs/i18n.md "Web mode's own pages"): its refusals
 * of a request (a page of an earlier run, another host or site, a body it cannot take) and its plain pages (a path it
 * will not serve, the renderer not built). Each in the language the browser asks for (`Accept-Language`), and each
 * refusal with its code and values (`said`) beside the words, so the app says it in the language the user chose.
 * Commands and paths are values, never words.
 */
import type { IncomingMessage } from 'node:http';
import { loadMessages } from '../shared/i18n/catalogs';
import { pickLanguage, regionTag, type Language } from '../shared/i18n/locales';
import { defineMessages, type MessageDescriptor, type Wording } from '../shared/i18n/messages';
import type { Said } from '../shared/i18n/said';
import { createWording } from '../shared/i18n/wording';

export const WEB_WORDS = defineMessages({
  noSession: {
    id: 'web.refused.no-session',
    defaultMessage:
      'This page has no valid Punchcard session: Punchcard restarted, or the page was opened without its address. Open the address {web} printed (run {web} again to print the one of the running Punchcard).',
    description: "A request without this run's token: {web} is the command that starts Punchcard and prints its address.",
  },
  notJson: {
    id: 'web.refused.not-json',
    defaultMessage: 'Send the operation input as JSON ({header}).',
    description: '{header}: the HTTP header to send (Content-Type: application/json).',
  },
  tooLarge: { id: 'web.refused.too-large', defaultMessage: 'The request body is over {bytes} bytes: send less at once.' },
  unknownOperation: {
    id: 'web.refused.unknown-operation',
    defaultMessage: 'Unknown operation "{name}". The operations are listed in {file}.',
  },
  badJson: { id: 'web.refused.bad-json', defaultMessage: 'The body of {name} is not valid JSON.' },
  hostOnly: {
    id: 'web.refused.host',
    defaultMessage: 'Punchcard answers only to {ip} or {localhost}.',
    description: 'A request that named another host: {ip} and {localhost} are the addresses with the port.',
  },
  otherSite: { id: 'web.refused.other-site', defaultMessage: 'Requests from other web sites are refused.' },
  postOnly: { id: 'web.refused.post-only', defaultMessage: 'Operations are called with {method}.', description: '{method}: POST.' },
  getOnly: { id: 'web.refused.get-only', defaultMessage: 'Events are read with {method}.', description: '{method}: GET.' },
  methodNotAllowed: { id: 'web.refused.method', defaultMessage: '{method} is not allowed here.', description: '{method}: an HTTP method.' },
  internal: {
    id: 'web.refused.internal',
    defaultMessage: 'Punchcard hit an internal error. See the terminal running {web}.',
  },
  badPath: {
    id: 'web.page.bad-path',
    defaultMessage: 'Bad path.',
    description: 'A plain page: the address names no file Punchcard serves.',
  },
  notFound: { id: 'web.page.not-found', defaultMessage: 'Not found.', description: 'A plain page: no such file.' },
  notBuilt: {
    id: 'web.page.not-built',
    defaultMessage: 'The renderer is not built yet. Run {build} ({web} does it for you), then reload.',
    description: 'A plain page before the app is built: {build} builds it, {web} builds and starts it.',
  },
});

/** The command names said in these words (as code, in backticks: in a JSON refusal or a plain page). */
export const COMMANDS = { web: '`npm run web`', build: '`npx electron-vite build`' } as const;

/**
 * The languages an `Accept-Language` header asks for, most wanted first (`de-DE,de;q=0.9,en;q=0.8`): q=0 (not
 * wanted) and `*` left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(/^\s*q=([\d.]+)\s*$/.exec(params.find((p) => /^\s*q=/.test(p)) ?? '')?.[1] ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

const wordings = new Map<string, Promise<Wording>>();

/** The words of the language `req` asks for, with the formats of the first region it names (English, en-GB's, by default). */
export function requestWording(req: Pick<IncomingMessage, 'headers'>): Promise<Wording> {
  const tags = acceptedLanguages(req.headers['accept-language']);
  const language: Language = pickLanguage(tags);
  const region = tags.map((t) => regionTag(t)).find((r) => r && new Intl.Locale(r).region) ?? 'en-GB';
  const key = `${language}|${region}`;
  let w = wordings.get(key);
  if (!w) {
    w = loadMessages(language).then((messages) => createWording(language, region, messages));
    wordings.set(key, w);
  }
  return w;
}

/** A refusal said in the request's language, with its code and values for the app (which words it in the user's). */
export async function refusalWords(
  req: Pick<IncomingMessage, 'headers'>,
  message: MessageDescriptor,
  values: Record<string, string | number> = {},
): Promise<{ message: string; said: Said }> {
  const w = await requestWording(req);
  return { message: w.say(message, values), said: { code: message.id, values } };
}
