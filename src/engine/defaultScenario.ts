/** The scenario the app opens with: a small keyed job that learners can watch and step. */
import { parseScenario } from './scenario/parseScenario';
import { SCENARIO_FORMAT, type Scenario, type ScenarioInput } from './scenario/scenarioSchema';

export const DEFAULT_SCENARIO_INPUT: ScenarioInput = {
  format: SCENARIO_FORMAT,
  title: 'Incremental RocksDB checkpoints of a keyed running sum',
  seed: 7,
  job: {
    parallelism: 2,
    source: { kind: 'generator', keys: 64, ratePerSec: 25, valueBytes: 16, skew: 0 },
    operators: [{ name: 'count', state: 'value' }],
    sink: { kind: 'transactional' },
  },
  stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { writeBufferBytes: 1024 } },
  checkpointing: { intervalMs: 1_000, numRetained: 2 },
  untilMs: 8_000,
};

/** Parses a scenario that the code itself defines; a problem here is a programming error. */
export function scenarioOf(input: ScenarioInput): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(`Invalid built-in scenario: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return r.scenario;
}

export const DEFAULT_SCENARIO: Scenario = scenarioOf(DEFAULT_SCENARIO_INPUT);
