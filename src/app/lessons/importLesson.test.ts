import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { useAppStore } from '../../store/appStore';
import { allLessons, lessonById } from './lessonCatalog';
import { importLessonFile, importLessonText, lessonFileName, lessonFileText } from './importLesson';

const shipped = () => JSON.parse(readFileSync(new URL('../../../lessons/05-incremental-shared-files.json', import.meta.url), 'utf8'));
const asFile = (text: string, name = 'lesson.json') => {
  const bytes = new TextEncoder().encode(text);
  return { name, size: bytes.length, arrayBuffer: async () => bytes.buffer };
};
const paths = (r: Awaited<ReturnType<typeof importLessonText>>) => (r.ok ? [] : r.problems.map((p) => p.path));

describe('lesson import', () => {
  it('refuses a malformed lesson file with field paths and changes nothing: not the catalog, the run or the open lesson', async () => {
    const before = { lessons: allLessons(), scenario: useAppStore.getState().scenario, lesson: useAppStore.getState().lesson, revision: useAppStore.getState().revision };
    const l = shipped();
    l.id = 'teacher-copy';
    l.stops[0].anchor = { event: 'checkpoint.finished' };
    l.stops[1].highlight = ['the-big-red-button'];
    delete l.stops[2].text;
    const r = await importLessonFile(asFile(JSON.stringify(l)));
    expect(r.ok).toBe(false);
    expect(paths(r)).toEqual(expect.arrayContaining(['stops[0].anchor.event', 'stops[1].highlight[0]', 'stops[2].text']));
    expect(allLessons()).toBe(before.lessons);
    expect(lessonById('teacher-copy')).toBeUndefined();
    const s = useAppStore.getState();
    expect({ lessons: allLessons(), scenario: s.scenario, lesson: s.lesson, revision: s.revision }).toEqual(before);
    expect(s.scenario).toBe(before.scenario);
  });

  it('refuses a lesson whose anchor finds no event in the run, naming the stop and the selector', async () => {
    const l = shipped();
    l.id = 'teacher-anchor';
    l.stops[3].anchor = { event: 'checkpoint.completed', where: { checkpointId: 99 } };
    const r = await importLessonText(JSON.stringify(l));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([{ path: 'stops[3].anchor', message: 'checkpoint.completed where checkpointId=99: no event matches' }]);
    expect(lessonById('teacher-anchor')).toBeUndefined();
  });

  it('refuses not-JSON, UTF-16, an empty file and a built-in lesson’s id', async () => {
    expect(paths(await importLessonFile(asFile('{"format": ')))).toEqual(['(document)']);
    expect(paths(await importLessonFile({ name: 'x.json', size: 4, arrayBuffer: async () => new Uint8Array([0xff, 0xfe, 0x7b, 0]).buffer }))).toEqual(['(document)']);
    expect(paths(await importLessonFile(asFile('')))).toEqual(['(document)']);
    expect(paths(await importLessonText(JSON.stringify(shipped())))).toEqual(['id']);
  });

  it('adds a valid lesson, whose exported file imports again as the same lesson', async () => {
    const l = shipped();
    l.id = 'teacher-good';
    l.number = 42;
    const r = await importLessonFile(asFile(JSON.stringify(l)));
    expect(r.ok).toBe(true);
    const added = lessonById('teacher-good')!;
    expect(allLessons().at(-1)).toBe(added);
    expect(lessonFileName(added)).toBe('42-teacher-good.json');
    const again = await importLessonText(lessonFileText(added));
    expect(again.ok && again.lesson).toEqual(added);
    expect(allLessons().filter((x) => x.id === 'teacher-good')).toHaveLength(1);
  });
});
