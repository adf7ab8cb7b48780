/**
 * The message keys: the names of the English strings (en/messages.ts), as a type only, so that
 * naming a key costs nothing at runtime. The strings themselves load per language
 * (catalog.ts: `loadLanguage`), and views reach them through `useT()` / `translate`.
 */
import type { messagesEn } from './en/messages';

export type MessageKey = keyof typeof messagesEn;

/**
 * The English table, for tests and Node tools that check keys against it. The app must not import
 * it: that would put every English string into the initial bundle (npm run bench shows it).
 */
export { messagesEn as en } from './en/messages';
