/**
 * punch in the user's language (docs/i18n.md): the language from --lang, else the stored setting (`punch config`),
 * else LC_ALL, LC_MESSAGES, LANG in POSIX order (C means English); `punch status`, `punch --help` and the rules'
 * refusals in that language. (`--json` byte for byte the same in every language: cli-language-json.test.ts.) Real
 * processes against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { joinPairs } from '../fixtures/cli-wrapped';
import { localTime, TEST_TODAY } from '../fixtures/test-clock';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

const status = (env: Record<string, string> = {}, args: string[] = []) => w.punch(['status', ...args], { env });

describe('punch status in the environment’s language', () => {
  it('speaks German under LANG=de_DE.UTF-8, with the same counts as in English', async () => {
    const [en, de] = await Promise.all([status(), status({ LANG: 'de_DE.UTF-8' })]);
    expect(en.stdout).toMatch(/^Connection:\s+online$/m);
    expect(de.stdout).toMatch(/^Verbindung:\s+online$/m);
    // each value read whole: a long one goes on under itself within 100 columns
    expect(joinPairs(de.stdout)).toMatch(/^Synchronisierung:\s+Alles, was Sie erfasst haben, ist beim Dienst angekommen\.$/m);
    expect(joinPairs(de.stdout)).toMatch(
      /^Postausgang:\s+0 wartend \(0 in der Warteschlange, 0 werden synchronisiert\), 0 brauchen Prüfung$/m,
    );
    expect(de.stdout).not.toMatch(/Connection|Outbox|waiting/);
    expect(de.code).toBe(en.code);
  });

  it('speaks French with --lang fr, whatever LANG says', async () => {
    const r = await status({ LANG: 'de_DE.UTF-8' }, ['--lang', 'fr']);
    expect(r.stdout).toMatch(/^Connexion:\s+en ligne$/m);
    expect(r.stdout).toMatch(/^Boîte d’envoi:\s+0 en attente/m);
  });

  it('takes LC_ALL over LC_MESSAGES over LANG, and C as English', async () => {
    const [all, messages, c] = await Promise.all([
      status({ LC_ALL: 'es_ES.UTF-8', LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'de_DE.UTF-8' }),
      status({ LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'de_DE.UTF-8' }),
      status({ LC_ALL: 'C', LANG: 'de_DE.UTF-8' }),
    ]);
    expect(all.stdout).toMatch(/^Conexión:\s+en línea$/m);
    expect(messages.stdout).toMatch(/^Connexion:\s+en ligne$/m);
    expect(c.stdout).toMatch(/^Connection:\s+online$/m);
  });

  it('refuses a language it does not speak, saying which it does', async () => {
    const r = await status({}, ['--lang', 'tlh']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--lang: punch does not speak "tlh".');
    expect(r.stderr).toContain('Give one of en, de, fr, es, ar.');
  });
});

describe('punch --help in the environment’s language', () => {
  it('translates what the commands do, never their names or options', async () => {
    const r = await w.punch(['--help'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(r.stdout).toMatch(/^Aufruf: punch \[globale Optionen\] <Befehl> \[Optionen\]$/m);
    expect(r.stdout).toMatch(/^ {2}timer start +den Timer für einen Auftrag starten/m);
    expect(r.stdout).toMatch(/^ {2}--lang LANG +die Sprache, in der punch spricht/m);
    expect(r.stdout).not.toMatch(/Logging time|Global options/);
  });
});

describe('the rules’ refusals', () => {
  it('say the refusal in the user’s language', async () => {
    const args = ['log', '--job-name', 'No such job', '--hours', '30:00'];
    const [en, de, ar] = await Promise.all([
      w.punch(args),
      w.punch(args, { env: { LANG: 'de_DE.UTF-8' } }),
      w.punch([...args, '--lang', 'ar']),
    ]);
    for (const r of [en, de, ar]) expect(r.code).toBe(1);
    expect(en.stderr).toMatch(/Job: there is no job named "No such job" in your job list/);
    expect(de.stderr).toMatch(/Auftrag: In Ihrer Auftragsliste gibt es keinen Auftrag namens „No such job“/);
    expect(de.stderr).toMatch(/Stunden: .* hätte 30:00, mehr als das Tageshöchstmaß Ihrer Firma von/);
    expect(ar.stderr).toMatch(/المهمة: لا توجد مهمة باسم "No such job"/);
  });
});

describe('the region’s formats in what punch prints for people', () => {
  it('German words and formats: decimal commas, the day before the month, amounts as Germany writes money', async () => {
    const [payroll, week, settings] = await Promise.all(
      [['payroll', '--last-month'], ['week'], ['settings']].map((args) => w.punch(args, { env: { LANG: 'de_DE.UTF-8' } })),
    );
    expect(payroll.stdout).toMatch(/^Lohnabrechnung 1\.–31\. Okt\.: \d+ Personen\. Stunden als HH:MM \(Dezimalstunden\)\.$/m);
    expect(payroll.stdout).toMatch(/^Maya Patel +\d+:\d\d \(\d+,\d\d\) +\d+:\d\d \(\d+,\d\d\) +\d+:\d\d \(\d+,\d\d\) +\d\.\d{3},\d\d \$$/m);
    expect(payroll.stdout).toMatch(/^Gesamt +\d+:\d\d \(\d\.\d{3},\d\d\)/m);
    expect(week.stdout).toMatch(/^Woche \d+\.–\d+\. \w+\.? \d{4} \(/);
    expect(week.stdout).toMatch(/^Mo\., \d+\. \w+\.? +\d+:\d\d/m);
    expect(settings.stdout).toMatch(/^Woche fällig am: +Freitag$/m);
  });

  it('German clock times with two-digit hours on the 24-hour clock (07:50, never 7:50); the US clock without (7:50 AM)', async () => {
    const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
    // punch's clock at 07:50 on the test day (test/fixtures/shifted-date.mjs), so the timer's start has a one-digit hour
    const at750 = { TEST_CLOCK_OFFSET_MS: String(localTime(TEST_TODAY, 7, 50) - Date.now()) };
    try {
      const start = await w.punch(['timer', 'start', '--job', job.jobId], { env: { ...at750, LANG: 'de_DE.UTF-8' } });
      expect(start.code, start.stderr).toBe(0);
      expect(start.stdout).toMatch(/^Läuft für .+ seit Mi\., 18\. Nov\. 07:50 \(/m);
      const us = await w.punch(['timer', 'status'], { env: { ...at750, LANG: 'en_US.UTF-8' } });
      expect(us.stdout).toMatch(/^Running on .+ since Wed, Nov 18 7:50\s?AM \(/m);
    } finally {
      await w.punch(['timer', 'discard']);
    }
  });

  it('German words with US formats (LC_TIME, LC_NUMERIC): the US order and digits, German names', async () => {
    const r = await w.punch(['payroll', '--last-month'], { env: { LANG: 'de_DE.UTF-8', LC_NUMERIC: 'en_US.UTF-8' } });
    expect(r.stdout).toMatch(/^Lohnabrechnung Okt\. 1 – 31: /m);
    expect(r.stdout).toMatch(/^Maya Patel +\d+:\d\d \(\d+\.\d\d\) .* \$\d,\d{3}\.\d\d$/m);
  });

  it('Arabic: the words right to left, the region’s digits in numbers, HH:MM as the service writes it', async () => {
    const r = await w.punch(['payroll', '--last-month'], { env: { LANG: 'ar_EG.UTF-8' } });
    expect(r.stdout).toMatch(/^الرواتب [٠-٩]+–[٠-٩]+ أكتوبر: [٠-٩]+ موظفًا\./m);
    expect(r.stdout).toMatch(/^Maya Patel +\d+:\d\d \([٠-٩]+٫[٠-٩]{2}\)/m);
  });
});

describe('punch config: the language and region shared with the app', () => {
  it('sets the language for punch when the environment does not name one, and --lang still wins', async () => {
    const set = await w.punchJson<{ language: string; region: string }>(['config', '--language', 'es', '--region', 'en-US']);
    // (the timer's preferences beside them: issue 23)
    expect(set.value).toEqual({
      language: 'es',
      region: 'en-US',
      endOfDay: '18:00',
      timeZone: 'system',
      catchForgottenTimer: true,
      morningReminder: '10:00',
    });
    const r = await status();
    expect(r.stdout).toMatch(/^Conexión:\s+en línea$/m);
    expect((await status({}, ['--lang', 'en'])).stdout).toMatch(/^Connection:\s+online$/m);
    const bad = await w.punch(['config', '--language', 'tlh']);
    expect(bad.code).toBe(1);
    expect((await w.punchJson<{ language: string }>(['config'])).value.language).toBe('es');
    await w.punch(['config', '--language', 'system', '--region', 'system']);
    expect((await status({ LANG: 'de_DE.UTF-8' })).stdout).toMatch(/^Verbindung:/m);
  });
});
