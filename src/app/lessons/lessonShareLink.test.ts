import { describe, expect, it } from 'vitest';
import { startupRequest } from './startChoice';
import { lessonShareUrl, withoutLessonParams } from './lessonShareLink';

describe('share links and lessons', () => {
  it('a lesson link names the lesson and the stop (1-based), keeps other parameters and drops a scenario fragment; it opens that stop', () => {
    const link = lessonShareUrl('https://lab.example/app/?simulator&lesson=old&stop=9#scenario=abc', 'changelog-backend', 4);
    expect(link).toBe('https://lab.example/app/?simulator=&lesson=changelog-backend&stop=5');
    expect(startupRequest(new URL(link))).toEqual({ kind: 'lesson', id: 'changelog-backend', stop: 4 });
  });

  it('a scenario link made after leaving a lesson does not reopen it', () => {
    const href = withoutLessonParams('https://lab.example/?lesson=changelog-backend&stop=5');
    expect(href).toBe('https://lab.example/');
    expect(startupRequest({ search: new URL(href).search, hash: '#scenario=x' })).toEqual({ kind: 'simulator' });
  });
});
