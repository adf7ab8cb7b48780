/**
 * The module Web Worker that resolves lessons (src/lessons/lessonResolverApi.ts), through
 * Comlink: one message per lesson (or answer preview), each recording the lesson's runs here
 * instead of on the page's thread. Its own worker, so a lesson never waits for a recording.
 */
import * as Comlink from 'comlink';
import { lessonResolverApi } from '../../lessons/lessonResolverApi';

Comlink.expose(lessonResolverApi);
