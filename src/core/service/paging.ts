/**
 * Paging as an async iterator (STYLE, after octokit's iterator.ts); "fetch all" is a loop over it.
 * spec 4.1/4.3/4.4: a full retrieval raises the start index by the page size until a page holds fewer records than
 * the page size. Each page is requested exactly once (real-service-notes "Pitfalls": fetching page 0 twice).
 */
export async function* pagedRecords<T>(
  fetchPage: (sIndex: number, limit: number) => Promise<T[]>,
  firstIndex: number,
  limit: number,
): AsyncGenerator<T, void, undefined> {
  let sIndex = firstIndex;
  for (;;) {
    const page = await fetchPage(sIndex, limit);
    yield* page;
    if (page.length < limit) return;
    sIndex += limit;
  }
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
