/**
 * Signing in and out (the account is stored by the core; tokens go to the OS keychain, never to a file). Both say the
 * account they leave in place, as `punch status` does (./account.ts).
 */
import { defineMessage, defineMessages } from '../../shared/i18n/messages';
import { type Command, textOption, flagOption } from '../command';
import { UsageError } from '../failure';
import { str } from '../input';
import { eitherOr } from '../log-fields';
import { words } from '../words';
import { describeAccount } from './account';

/** Signing in: `login`'s options, help and what it says. */
const L = defineMessages({
  token: {
    id: 'cli.login.option.token',
    defaultMessage: 'an access token from the service ("-" reads it from stdin; env PUNCH_TOKEN)',
    description: '"-" is typed; PUNCH_TOKEN is a variable name.',
  },
  user: { id: 'cli.login.option.user', defaultMessage: 'your employee email or employee id (env PUNCH_USER)' },
  baseUrl: { id: 'cli.login.option.base-url', defaultMessage: 'the service base URL (env PUNCH_BASE_URL)' },
  dc: {
    id: 'cli.login.option.dc',
    defaultMessage: 'data centre instead of a URL: {centres}',
    description: '{centres}: the data centres as typed (com, eu, ...).',
  },
  oauth: { id: 'cli.login.option.oauth', defaultMessage: 'sign in through the browser (OAuth with PKCE); the URL to open is printed' },
  clientId: { id: 'cli.login.option.client-id', defaultMessage: "OAuth client id (from the provider's developer console)" },
  clientSecret: { id: 'cli.login.option.client-secret', defaultMessage: 'OAuth client secret, where the client has one' },
  checked: {
    id: 'cli.login.details.checked',
    defaultMessage: 'The token is checked once against the service before it is stored; a refused token stores nothing.',
  },
  prefer: {
    id: 'cli.login.details.prefer',
    defaultMessage: 'Prefer {env} or {stdin} over {inline}: command lines are visible to other users of the machine.',
    description: 'Options and variables as typed.',
  },
  oauthNeeds: {
    id: 'cli.login.oauth-needs',
    defaultMessage: '{command} needs {options}, for example {example}.',
    description: '{command}: "login --oauth"; {options}: options joined as the language joins a list; {example}: typed.',
  },
  opening: {
    id: 'cli.login.opening',
    defaultMessage: 'Opening the sign-in page: if no browser opens, visit the URL below. Waiting up to 2 minutes...',
  },
  signedIn: { id: 'cli.login.signed-in', defaultMessage: 'Signed in.' },
  sandbox: { id: 'cli.login.sandbox', defaultMessage: 'Using the built-in sandbox.' },
  tokenNeeds: {
    id: 'cli.login.token-needs',
    defaultMessage: '{command} needs {token} (or {env}) with {user} and {baseUrl} or {dc}.',
    description: 'Commands, options and variables as typed.',
  },
  tokenNeedsUser: {
    id: 'cli.login.token-needs-user',
    defaultMessage: '{command} needs {user} (your employee email or employee id).',
  },
  tokenNeedsPlace: {
    id: 'cli.login.token-needs-place',
    defaultMessage: '{command} needs {baseUrl} or {dc} (for example {example}).',
  },
  stored: { id: 'cli.login.stored', defaultMessage: 'Signed in; the token is in the OS keychain.' },
  signedOut: { id: 'cli.logout.signed-out', defaultMessage: 'Signed out; back to the built-in sandbox.' },
});

export const loginCommand: Command = {
  name: 'login',
  summary: defineMessage({
    id: 'cli.login.summary',
    defaultMessage: 'sign in with a token or OAuth (stored in the OS keychain); without options: use the built-in sandbox',
  }),
  usage: 'login [--token TOKEN|- --user USER (--base-url URL | --dc DC)] | [--oauth --client-id ID --dc DC --user USER]',
  options: {
    token: textOption('TOKEN', L.token),
    user: textOption('USER', L.user),
    'base-url': textOption('URL', L.baseUrl),
    dc: textOption('DC', words(L.dc, { centres: 'com, eu, in, com.au, jp, zohocloud.ca, sa, com.cn' })),
    oauth: flagOption(L.oauth),
    'client-id': textOption('ID', L.clientId),
    'client-secret': textOption('SECRET', L.clientSecret),
  },
  details: [L.checked, words(L.prefer, { env: 'PUNCH_TOKEN', stdin: '--token -', inline: '--token TOKEN' })],
  async run(ctx) {
    const v = ctx.values;
    const w = ctx.words;
    const user = str(v, 'user') ?? ctx.globals.user;
    const dc = str(v, 'dc');
    if (v.oauth) {
      const clientId = str(v, 'client-id');
      if (!clientId || !dc || !user) {
        throw new UsageError(
          words(L.oauthNeeds, {
            command: 'login --oauth',
            options: { and: ['--client-id', '--dc', '--user'] },
            example: '--oauth --client-id 1000.ABC --dc eu --user you@example.com',
          }),
        );
      }
      ctx.note(w.say(L.opening));
      const core = await ctx.core({ useEnvAccount: false });
      const a = await core.call('signInWithOAuth', {
        dataCentre: dc,
        clientId,
        user,
        ...(str(v, 'client-secret') ? { clientSecret: str(v, 'client-secret') } : {}),
      });
      return { json: a, text: `${w.say(L.signedIn)}\n${describeAccount(a, w)}` };
    }
    let token = str(v, 'token') ?? ctx.globals.token;
    const baseUrl = str(v, 'base-url') ?? ctx.globals.baseUrl;
    if (!token) {
      if (user || baseUrl || dc)
        throw new UsageError(
          words(L.tokenNeeds, {
            command: 'login',
            token: '--token',
            env: 'PUNCH_TOKEN',
            user: '--user',
            baseUrl: '--base-url',
            dc: '--dc',
          }),
        );
      const a = await (await ctx.core({ useEnvAccount: false })).call('useSandbox', {});
      return { json: a, text: `${w.say(L.sandbox)}\n${describeAccount(a, w)}` };
    }
    if (token === '-') token = (await ctx.readStdin()).trim();
    if (!user) throw new UsageError(words(L.tokenNeedsUser, { command: 'login --token', user: '--user' }));
    if (!baseUrl && !dc)
      throw new UsageError(
        words(L.tokenNeedsPlace, { command: 'login --token', baseUrl: '--base-url URL', dc: '--dc DC', example: '--dc eu' }),
      );
    if (baseUrl && dc) throw new UsageError(eitherOr('--base-url', '--dc'));
    const a = await (
      await ctx.core({ useEnvAccount: false })
    ).call('signInWithToken', {
      user,
      token,
      ...(baseUrl ? { baseUrl } : {}),
      ...(dc ? { dataCentre: dc } : {}),
    });
    return { json: a, text: `${w.say(L.stored)}\n${describeAccount(a, w)}` };
  },
};

export const logoutCommand: Command = {
  name: 'logout',
  summary: defineMessage({
    id: 'cli.logout.summary',
    defaultMessage: 'sign out: remove the tokens from the keychain and go back to the built-in sandbox',
  }),
  usage: 'logout',
  options: {},
  async run(ctx) {
    const a = await (await ctx.core({ useEnvAccount: false })).call('signOut', {});
    return { json: a, text: `${ctx.words.say(L.signedOut)}\n${describeAccount(a, ctx.words)}` };
  },
};
