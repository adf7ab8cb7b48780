/**
 * Whether the store records the default run when it is created (at module load). The simulator
 * shows it at once. The comparison page (`?compare=…`) never shows the store's run, and an embed
 * frame (`?embed=1`) replaces it with its own at once: there it was a recording in a worker of its
 * own whose chunks the page's shared main thread took in, for nothing (issue 18 §6). The URL tests
 * are isCompareUrl's and isEmbedUrl's (src/app/compare/compareLink.ts, src/app/embed/embedLink.ts;
 * startupRun.test.ts keeps them the same): the store does not import the app.
 */
export function recordsDefaultRun(search: string): boolean {
  const q = new URLSearchParams(search);
  return !q.has('compare') && q.get('embed') !== '1';
}
