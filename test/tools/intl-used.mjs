/**
 * `node --import ./test/tools/intl-used.mjs <script>` with INTL_USED_TO=<file>: at exit, writes to that file one
 * line per Intl entry point the process used (`NumberFormat`, `DateTimeFormat.supportedLocalesOf`, `Date#toLocaleString`...).
 * Every one but Intl.Locale and Intl.PluralRules reads ICU's locale data, whose first load costs about 12 ms of CPU
 * (src/shared/i18n/light-format.ts): test/integration/cli-loads.test.ts asserts `punch status` needs none.
 */
import { writeFileSync } from 'node:fs';

const to = process.env.INTL_USED_TO;
if (to) {
  const used = new Set();
  for (const name of [
    'NumberFormat',
    'DateTimeFormat',
    'PluralRules',
    'Locale',
    'ListFormat',
    'RelativeTimeFormat',
    'Collator',
    'Segmenter',
    'DisplayNames',
  ]) {
    const C = Intl[name];
    if (!C) continue;
    const watched = new Proxy(C, {
      construct(target, args, newTarget) {
        used.add(name);
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        used.add(name);
        return Reflect.apply(target, self, args);
      },
      get(target, key, receiver) {
        if (key === 'supportedLocalesOf') return (...args) => (used.add(`${name}.supportedLocalesOf`), target.supportedLocalesOf(...args));
        return Reflect.get(target, key, receiver);
      },
    });
    Intl[name] = watched;
  }
  for (const [owner, label, methods] of [
    [Date.prototype, 'Date', ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [Number.prototype, 'Number', ['toLocaleString']],
    [String.prototype, 'String', ['localeCompare']],
  ])
    for (const m of methods) {
      const original = owner[m];
      owner[m] = function (...args) {
        used.add(`${label}#${m}`);
        return original.apply(this, args);
      };
    }
  process.once('exit', () => writeFileSync(to, [...used].sort().join('\n')));
}
