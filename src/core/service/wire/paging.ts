/** One page, and whether the service said another one follows (`isNextAvailable`), when it said so. */
export interface Page<T> {
  items: T[];
  more?: boolean;
}

/**
 * Paging as an async iterator (STYLE, after octokit's iterator.ts); "fetch all" is a loop over it.
 * spec 4.1/4.3/4.4: a full retrieval raises the start index by the page size until a page holds fewer records than
 * the page size. Each page is requested exactly once (real-service-notes "Pitfalls": fetching page 0 twice). A page
 * that says whether another follows (`isNextAvailable`, real-service-notes "Envelopes") is taken at its word: no
 * request for an empty page after a full last one, and no stop on a short page the service says is not the last
 * (a service whose pages are smaller than the size asked).
 */
export async function* pagedRecords<T>(
  fetchPage: (sIndex: number, limit: number) => Promise<T[] | Page<T>>,
  firstIndex: number,
  limit: number,
): AsyncGenerator<T, void, undefined> {
  let sIndex = firstIndex;
  for (;;) {
    const answer = await fetchPage(sIndex, limit);
    const page = Array.isArray(answer) ? { items: answer } : answer;
    yield* page.items;
    if (page.more === false || (page.more === undefined && page.items.length < limit)) return;
    // a service that says "more" with an empty page would loop for ever
    if (page.items.length === 0) return;
    sIndex += page.items.length < limit ? page.items.length : limit;
  }
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
