/**
 * At startup: a deep link `?lesson=<id>&stop=<n>` opens that stop; a first visit (no link, no
 * share link, no choice remembered) lands on the lesson picker; otherwise the simulator opens as
 * before. The address is read during the first render, before the share-link notice clears its hash.
 */
import { useEffect, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { openLessonStop } from './lessonNavigation';
import { startupRequest } from './startChoice';

export function useLessonStartup(): void {
  const [request] = useState(() => startupRequest(window.location));
  useEffect(() => {
    if (request.kind === 'first-visit') useAppStore.getState().setLessonPickerOpen(true);
    if (request.kind === 'lesson')
      openLessonStop(request.id, request.stop).catch((e: unknown) => {
        console.warn('Checkpoint Lab: the lesson link could not be opened', e);
        useAppStore.getState().setLessonPickerOpen(true);
      });
  }, [request]);
}
