/**
 * `punch sandbox`: the built-in demo service on a port, for trying `punch` or the app against it (src/sandbox).
 * Serves until Ctrl+C.
 */
import { defineMessage, defineMessages } from '../../shared/i18n/messages';
import { type Command, textOption } from '../command';
import { parsePort, str } from '../input';
import { formatPairs } from '../table';
import { words } from '../words';

const M = defineMessages({
  port: { id: 'cli.sandbox.option.port', defaultMessage: 'port to listen on (default: any free port)' },
  then: {
    id: 'cli.sandbox.details.then',
    defaultMessage: 'Then, in another shell: {command}',
    description: '{command}: a command line as typed.',
  },
  listening: {
    id: 'cli.sandbox.listening',
    defaultMessage: 'Sandbox listening at {url}',
    description: 'Glossary: sandbox (built-in demo).',
  },
  token: { id: 'cli.sandbox.token', defaultMessage: 'Demo token', description: "A label: the demo service's access token follows." },
  user: { id: 'cli.sandbox.user', defaultMessage: 'Demo user', description: "A label: the demo employee's email follows." },
  try: { id: 'cli.sandbox.try', defaultMessage: 'Try: {command}', description: '{command}: a command line as typed.' },
  stop: {
    id: 'cli.sandbox.stop',
    defaultMessage: 'Press Ctrl+C to stop.',
    description: 'The keys as the keyboard prints them (German: Strg+C).',
  },
});

export const sandboxCommand: Command = {
  name: 'sandbox',
  summary: defineMessage({ id: 'cli.sandbox.summary', defaultMessage: 'start the local demo service and print its URL and demo token' }),
  usage: 'sandbox [--port N]',
  options: { port: textOption('N', M.port) },
  printsItsOwnToken: true,
  details: [words(M.then, { command: 'PUNCH_BASE_URL=<url> PUNCH_TOKEN=<token> PUNCH_USER=<user> punch jobs' })],
  async run(ctx) {
    const port = str(ctx.values, 'port') !== undefined ? parsePort(str(ctx.values, 'port')!) : 0;
    const { startSandbox } = await import('../../sandbox/index');
    const sandbox = await startSandbox({ port });
    const keepAlive = new Promise<void>((resolve) => {
      const stop = () => {
        void sandbox.close().finally(resolve);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    const json = { url: sandbox.url, port: sandbox.port, demoToken: sandbox.demoToken, demoUser: sandbox.demoUser };
    const w = ctx.words;
    const text = [
      w.say(M.listening, { url: sandbox.url }),
      formatPairs([
        [w.say(M.token), sandbox.demoToken],
        [w.say(M.user), sandbox.demoUser],
      ]),
      '',
      w.say(M.try, { command: `PUNCH_BASE_URL=${sandbox.url} PUNCH_TOKEN=${sandbox.demoToken} PUNCH_USER=${sandbox.demoUser} punch jobs` }),
      w.say(M.stop),
    ].join('\n');
    return { json, text, keepAlive };
  },
};
