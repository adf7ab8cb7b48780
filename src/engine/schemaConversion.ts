/**
 * The valibot → JSON Schema conversion rules of the scenario schema, for other formats' schema
 * generators (lessons). Kept out of index.ts: the converter is a dev dependency and must not
 * reach the app bundle.
 */
export { CONVERSION } from './scenario/scenarioJsonSchema';
