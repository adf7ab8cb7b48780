/**
 * One line per engine event, for the event list and the narration, in a loaded language. The
 * texts live with each language's strings (en/eventText.ts, zh/eventText.ts) so that a visitor
 * downloads only one language's; see catalog.ts for loading.
 */
import type { EngineEvent } from '../engine';
import { languagePack } from './catalog';
import type { Lang } from './language';

export function describeEvent(e: EngineEvent, lang: Lang): string {
  return languagePack(lang).describeEvent(e);
}
