/**
 * §6: the simulator writes its `_metadata` in Flink's version-4 layout itself; the conversion
 * lives with the engine (src/engine/format/flink/). Re-exported here for the inspector's callers.
 */
export { engineMetadataToFlink, engineMetadataToFlinkBytes, SIMULATED_CHECKPOINTS_DIR, simulatedOperatorId, type ConvertOptions } from '../../engine/format/flink/engineToFlink';
