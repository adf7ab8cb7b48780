/** The English chunk (../catalog.ts loads it): the UI strings and the event texts. */
import type { LanguagePack } from '../catalog';
import { describeEventEn } from './eventText';
import { messagesEn } from './messages';

export const languagePack: LanguagePack = { messages: messagesEn, describeEvent: describeEventEn };
