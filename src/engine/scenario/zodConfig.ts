/**
 * Zod compiles validators with `new Function` unless told not to. The built app runs under a
 * Content-Security-Policy without 'unsafe-eval', so the engine always uses zod jitless.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
