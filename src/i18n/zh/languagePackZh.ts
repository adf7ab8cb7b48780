/** The Chinese chunk (../catalog.ts loads it): the UI strings and the event texts. */
import type { LanguagePack } from '../catalog';
import { describeEventZh } from './eventText';
import { messagesZh } from './messages';

export const languagePack: LanguagePack = { messages: messagesZh, describeEvent: describeEventZh };
