/**
 * `punch sandbox`: the built-in demo service on a port, for trying `punch` or the app against it (src/sandbox).
 * Serves until Ctrl+C.
 */
import { defineMessage } from '../../shared/i18n/messages';
import { type Command, textOption } from '../command';
import { parsePort, str } from '../input';

export const sandboxCommand: Command = {
  name: 'sandbox',
  summary: defineMessage({ id: 'cli.sandbox.summary', defaultMessage: 'start the local demo service and print its URL and demo token' }),
  usage: 'sandbox [--port N]',
  options: { port: textOption('N', 'port to listen on (default: any free port)') },
  printsItsOwnToken: true,
  details: ['Then, in another shell: PUNCH_BASE_URL=<url> PUNCH_TOKEN=<token> PUNCH_USER=<user> punch jobs'],
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
    const text = [
      `Sandbox listening at ${sandbox.url}`,
      `Demo token: ${sandbox.demoToken}`,
      `Demo user:  ${sandbox.demoUser}`,
      '',
      `Try: PUNCH_BASE_URL=${sandbox.url} PUNCH_TOKEN=${sandbox.demoToken} PUNCH_USER=${sandbox.demoUser} punch jobs`,
      'Press Ctrl+C to stop.',
    ].join('\n');
    return { json, text, keepAlive };
  },
};
