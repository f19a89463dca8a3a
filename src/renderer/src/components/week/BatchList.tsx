/** Several logs, day by day, each with what becomes (or became) of it: the preview and the result of a batch. */
import type { BatchItem } from '../../../../shared/domain';
import { useWording } from '../../i18n/I18n';
import { itemWords } from './batch-words';

export function BatchList({ items, testId }: { items: readonly BatchItem[]; testId: string }) {
  const w = useWording();
  const days = [...new Set(items.map((i) => i.log.workDate))].sort();
  return (
    <div className="batch-list" data-testid={testId}>
      {days.map((day) => (
        <section key={day} className="batch-day" aria-label={w.formats.day(day, { weekday: true })}>
          <h4 className="batch-day-title">{w.formats.day(day, { weekday: true })}</h4>
          <ul>
            {items
              .filter((i) => i.log.workDate === day)
              .map((i, n) => (
                <li key={n} className={`batch-item batch-${i.verdict}`} data-verdict={i.verdict}>
                  <span className="batch-what">
                    <span translate="no">{i.log.jobName}</span> <bdi className="mono">{i.log.hours}</bdi>
                    {i.log.description && (
                      <span className="muted small" translate="no">
                        {' '}
                        {i.log.description}
                      </span>
                    )}
                  </span>
                  <span className="batch-verdict small">
                    <span aria-hidden="true">{i.verdict === 'log' ? '\u2713' : i.verdict === 'refused' ? '\u2715' : '='}</span>{' '}
                    {itemWords(w, i)}
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
