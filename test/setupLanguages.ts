/**
 * Vitest setup (vite.config.ts `test.setupFiles`): loads both languages before every test file,
 * as src/main.tsx does for the one language the app starts in. The app loads its strings lazily
 * (src/i18n/catalog.ts), and tests call translate, narrate and describeEvent synchronously in
 * both languages. A test of the loading itself imports a fresh catalog (src/i18n/catalog.test.ts).
 */
import { loadLanguage } from '../src/i18n/catalog';

await Promise.all([loadLanguage('en'), loadLanguage('zh')]);
