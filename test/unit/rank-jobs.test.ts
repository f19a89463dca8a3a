/**
 * The job picker's order: by how well the job's own name matches what was typed (exact, prefix, word prefix,
 * substring, then only its project or client), favourites and recent work breaking ties, then by name in natural order.
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/shared/domain';
import { nameMatchTier, rankJobs } from '../../src/renderer/src/store/rankJobs';

const job = (jobId: string, jobName: string, projectName = 'Web', clientName = 'Acme Corp'): Job => ({
  jobId,
  jobName,
  projectName,
  clientName,
  jobStatus: 'in-progress',
  jobBillableStatus: 'Billable',
});

describe('how well a job name matches', () => {
  it.each([
    ['Job 2', 'job 2', 0, 'the name itself, letter case aside'],
    ['Café build', 'cafe build', 0, 'accents aside'],
    ['Job 21', 'job 2', 1, 'the name starts with it'],
    ['Support', 'sup', 1, 'a prefix'],
    ['Code review', 'rev', 2, 'a word of the name starts with it'],
    ['Website - Acme', 'acme', 2, 'a word after a dash'],
    ['Quarterly report review', 'rep rev', 2, 'every typed word starts a word'],
    ['Job 12', 'job 2', 3, 'every typed word is in the name'],
    ['Transport', 'port', 3, 'inside a word'],
    ['Job 1', 'job 2', 4, 'the 2 is only in its project or client'],
    ['Design', 'sup', 4, 'not in the name at all'],
  ])('%s for "%s" is tier %i (%s)', (name, query, tier) => {
    expect(nameMatchTier(name, query)).toBe(tier);
  });
});

describe('the picker order', () => {
  // the list: every Job N in a project whose name carries a 2
  const numbered = [1, 2, 11, 12, 16, 18, 20].map((n) => job(String(n), `Job ${n}`, `Project ${n === 2 ? 'Alpha' : '2'}`));
  const superCorp = [
    job('s1', 'Design', 'Brand', 'Super Corp'),
    job('s2', 'Analysis', 'Brand', 'Super Corp'),
    job('s3', 'Support', 'Helpdesk', 'Globex'),
    job('s4', 'Backup support', 'Ops', 'Globex'),
  ];

  it.each([
    {
      what: '"job 2" lists Job 2 first, then names starting with it, then names holding both words, then project matches',
      jobs: numbered,
      query: 'job 2',
      favourites: [],
      recent: [],
      order: ['Job 2', 'Job 20', 'Job 12', 'Job 1', 'Job 11', 'Job 16', 'Job 18'],
    },
    {
      what: '"sup" puts Support first, a word starting with it next, the client "Super Corp" jobs last',
      jobs: superCorp,
      query: 'sup',
      favourites: [],
      recent: [],
      order: ['Support', 'Backup support', 'Analysis', 'Design'],
    },
    {
      what: 'a favourite breaks a tie within a tier, never jumps over a better name match',
      jobs: superCorp,
      query: 'sup',
      favourites: ['s1', 's4'],
      recent: [],
      order: ['Support', 'Backup support', 'Design', 'Analysis'],
    },
    {
      what: 'recent work breaks a tie after favourites, most recent first',
      jobs: numbered,
      query: 'job 1',
      favourites: ['18'],
      recent: ['16', '12'],
      order: ['Job 1', 'Job 18', 'Job 16', 'Job 12', 'Job 11'],
    },
    {
      what: 'no query: favourites, recent, then the rest by name in natural order',
      jobs: numbered,
      query: '  ',
      favourites: ['20'],
      recent: ['11'],
      order: ['Job 20', 'Job 11', 'Job 1', 'Job 2', 'Job 12', 'Job 16', 'Job 18'],
    },
    {
      what: 'words across job, project and client still filter ("acme bu")',
      jobs: [job('1', 'Analysis'), job('2', 'Build'), job('3', 'Support', 'Web', 'Globex')],
      query: 'acme bu',
      favourites: [],
      recent: [],
      order: ['Build'],
    },
  ])('$what', ({ jobs, query, favourites, recent, order }) => {
    expect(rankJobs(jobs, query, favourites, recent).map((r) => r.job.jobName)).toEqual(order);
  });

  it('marks favourites and recent work on each ranked job', () => {
    const ranked = rankJobs(superCorp, 'sup', ['s3'], ['s4']);
    expect(ranked.map((r) => [r.job.jobName, r.favourite, r.recent])).toEqual([
      ['Support', true, false],
      ['Backup support', false, true],
      ['Analysis', false, false],
      ['Design', false, false],
    ]);
  });
});
