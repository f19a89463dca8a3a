/**
 * The standalone sandbox: `npm run sandbox -- --port 8787 [--envelope real] [--numeric-ids] [--rate-limits]
 * [--state FILE] [--today YYYY-MM-DD] [--host H] [--no-time-log-list] [--timesheet-list-employee spec|none] [--timesheet-detail-employee spec|logs]
 * [--log-states-on-submit reset|kept] [--extra-employees N] (N more employees: 10000 is a large company's directory). Prints the URL and the demo token
 * (random for each run) and serves until killed. Unlike the demo service inside Punchcard it has the admin routes
 * (/__sandbox/...).
 */
import { startSandbox, type SandboxOptions } from './index';

function usage(problem: string): never {
  console.error(`sandbox: ${problem}`);
  console.error(
    'usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--envelope spec|real] [--numeric-ids] [--rate-limits] [--state FILE] [--today YYYY-MM-DD] [--seed N] [--no-time-log-list] [--timesheet-list-employee spec|none] [--timesheet-detail-employee spec|logs] [--log-states-on-submit reset|kept] [--extra-employees N]',
  );
  process.exit(2);
}

function parseArgs(argv: string[]): SandboxOptions {
  const opts: SandboxOptions = { port: 8787 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => argv[++i] ?? usage(`${arg} needs a value`);
    switch (arg) {
      case '--port': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0 || n > 65535) usage('--port takes 0-65535');
        opts.port = n;
        break;
      }
      case '--host':
        opts.host = value();
        break;
      case '--envelope': {
        const v = value();
        if (v !== 'spec' && v !== 'real') usage('--envelope takes spec or real');
        opts.envelope = v;
        break;
      }
      case '--numeric-ids':
        opts.numericIds = true;
        break;
      case '--rate-limits':
        opts.rateLimits = {};
        break;
      // Without a state lock (the sandbox knows nothing of the app's lock): the file is this process's alone. Do not
      // point it at a Punchcard data directory's sandbox-state.json while the app uses it.
      case '--state':
        opts.persistPath = value();
        break;
      case '--today':
        opts.today = value();
        break;
      case '--seed':
        opts.seed = Number(value());
        break;
      case '--no-time-log-list':
        opts.timeLogList = false;
        break;
      case '--timesheet-list-employee': {
        const v = value();
        if (v !== 'spec' && v !== 'none') usage('--timesheet-list-employee takes spec or none');
        opts.timesheetListEmployee = v;
        break;
      }
      case '--log-states-on-submit': {
        const v = value();
        if (v !== 'reset' && v !== 'kept') usage('--log-states-on-submit takes reset or kept');
        opts.logStatesOnSubmit = v;
        break;
      }
      case '--timesheet-detail-employee': {
        const v = value();
        if (v !== 'spec' && v !== 'logs') usage('--timesheet-detail-employee takes spec or logs');
        opts.timesheetDetailEmployee = v;
        break;
      }
      case '--extra-employees': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0 || n > 100_000) usage('--extra-employees takes 0-100000');
        opts.extraEmployees = n;
        break;
      }
      case '--help':
      case '-h':
        usage('help');
      // falls through (usage exits)
      default:
        usage(`unknown option ${arg}`);
    }
  }
  return opts;
}

const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
console.log(`Punchcard sandbox listening on ${sandbox.url}`);
console.log(`  API:        ${sandbox.url}/api/...`);
console.log(`  demo user:  ${sandbox.demoUser}`);
console.log(`  demo token: ${sandbox.demoToken}   (Authorization: Zoho-oauthtoken ${sandbox.demoToken})`);
console.log(`  admin:      ${sandbox.url}/__sandbox/state, /__sandbox/fault, /__sandbox/offline ...`);

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
