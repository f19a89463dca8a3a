/**
 * `punch status` of this tree's bundle against another tree's, in CPU time, interleaved: the before/after of
 * docs/benchmarks.md "punch status, fourth pass" to "sixth pass". Each round runs `node -e 0`, then each tree's `node
 * out/cli/punch.cjs status` (`punch.mjs` in a tree built before the sixth pass; `--bin`: each tree's bin, `bin/punch.cjs`
 * or `bin/punch.mjs`, which checks the bundle is current first) on the built-in demo and with an account (a sandbox started in its own process, given as
 * PUNCH_*), each with a fresh PUNCH_DATA_DIR (`--second`: one data dir per route, kept from round to round), after one
 * uncounted round (which writes a tree's code cache where it keeps one, as punch does since h-cli5: the counted rounds
 * use it; XDG_CACHE_HOME as this process has it). CPU (user + system) of each child from this process's
 * /proc/self/stat (cutime + cstime, 10 ms ticks: the median of the rounds' ratios smooths the grain). Both trees must be built (`npm run build:node`).
 *   npx tsx bench/status-against.ts --against /path/to/main-worktree [--rounds 20] [--second] [--bin]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envWithoutPunch, median, tempDir } from './measure';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const AGAINST = arg('--against') ? resolve(arg('--against')!) : undefined;
const ROUNDS = Number(arg('--rounds') ?? 20);
const SECOND = process.argv.includes('--second');
const BIN = process.argv.includes('--bin');

/** What runs `punch` in the tree at `root`: its CommonJS entry where it has one (since the sixth pass), else its ES module. */
function entryOf(root: string): string {
  const [dir, name] = BIN ? ['bin', 'punch'] : ['out/cli', 'punch'];
  const cjs = join(root, dir, `${name}.cjs`);
  return existsSync(cjs) ? cjs : join(root, dir, `${name}.mjs`);
}

function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** The CPU time of one `node ...args` run, from spawn to exit. */
function cpuOf(args: string[], env: NodeJS.ProcessEnv): number {
  const before = childrenCpuMs();
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  if (args[0] !== '-e' && !/Connection:\s+online/.test(r.stdout)) throw new Error(`node ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return childrenCpuMs() - before;
}

async function main(): Promise<void> {
  if (!AGAINST) throw new Error('give --against <another built tree of Punchcard>');
  const trees = { this: HERE, against: AGAINST };
  // the account's service: a sandbox in a process of its own, started from this tree's bundle
  const sbData = tempDir('punch-ab-sandbox-');
  const sb = spawn(process.execPath, [entryOf(HERE), 'sandbox', '--json'], {
    env: { ...envWithoutPunch(), PUNCH_DATA_DIR: sbData.dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ url: string; demoToken: string; demoUser: string }>((ok, fail) => {
    let out = '';
    sb.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      try {
        ok(JSON.parse(out) as { url: string; demoToken: string; demoUser: string });
      } catch {
        /* not whole yet */
      }
    });
    sb.once('exit', () => fail(new Error(`the sandbox ended: ${out}`)));
  });
  const account = { PUNCH_BASE_URL: info.url, PUNCH_TOKEN: info.demoToken, PUNCH_USER: info.demoUser };
  const kept = new Map<string, ReturnType<typeof tempDir>>();
  const routes: Array<[string, () => number]> = [['node -e 0', () => cpuOf(['-e', '0'], envWithoutPunch())]];
  for (const [tree, root] of Object.entries(trees))
    for (const [where, extra] of [
      ['demo', {}],
      ['account', account],
    ] as const) {
      const name = `${tree} ${where}`;
      routes.push([
        name,
        () => {
          const dir = SECOND ? (kept.get(name) ?? kept.set(name, tempDir('punch-ab-kept-')).get(name)!) : tempDir('punch-ab-');
          const env = { ...envWithoutPunch(), PUNCH_DATA_DIR: dir.dir, XDG_CONFIG_HOME: join(dir.dir, 'xdg'), ...extra };
          const ms = cpuOf([entryOf(root), 'status'], env);
          if (!SECOND) dir.remove();
          return ms;
        },
      ]);
    }
  const load = loadavg()[0];
  try {
    for (const [, run] of routes) run();
    const cpu = new Map<string, number[]>(routes.map(([n]) => [n, []]));
    for (let i = 0; i < ROUNDS; i++) for (const [n, run] of routes) cpu.get(n)!.push(run());
    const node = cpu.get('node -e 0')!;
    const ratio = (of: number[], to: number[]) => median(of.map((v, i) => v / Math.max(to[i], 1)));
    console.log(
      `${ROUNDS} rounds, ${SECOND ? 'data dirs kept (a second status)' : 'a fresh data dir each'}; load ${load.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`,
    );
    console.log(`node -e 0: CPU ${median(node)} ms`);
    for (const where of ['demo', 'account']) {
      const a = cpu.get(`this ${where}`)!;
      const b = cpu.get(`against ${where}`)!;
      console.log(
        `${where}: this tree ${median(a)} ms (${ratio(a, node).toFixed(2)}x node's), the other ${median(b)} ms ` +
          `(${ratio(b, node).toFixed(2)}x); this / the other, per round: ${ratio(a, b).toFixed(3)}`,
      );
    }
  } finally {
    for (const d of kept.values()) d.remove();
    sb.kill();
    sbData.remove();
  }
}

await main();
