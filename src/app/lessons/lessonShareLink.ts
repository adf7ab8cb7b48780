/**
 * Share links while a lesson is open: `?lesson=<id>&stop=<n>` (no scenario in the fragment: the
 * lesson names its run, and a fresh browser records it again), so the receiver opens the same
 * stop of the same lesson. A lesson that exists only in this page (imported or saved here) cannot
 * be named by id elsewhere: its link carries the scenario as before, without lesson parameters.
 */
export function lessonShareUrl(pageHref: string, lessonId: string, stop: number): string {
  const url = new URL(pageHref);
  url.hash = '';
  url.searchParams.set('lesson', lessonId);
  url.searchParams.set('stop', String(stop + 1));
  return url.href;
}

/** The page's address without lesson parameters (a scenario share link must not reopen a lesson). */
export function withoutLessonParams(pageHref: string): string {
  const url = new URL(pageHref);
  url.searchParams.delete('lesson');
  url.searchParams.delete('stop');
  return url.href;
}
