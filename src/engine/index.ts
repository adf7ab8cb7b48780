/** The engine's only import surface for the rest of the app. */
export { Simulation } from './simulation';
export { Timeline, type StepRecord, type Intervention, type TimelineOptions } from './timeline';
export type { EngineState } from './state';
export { FLINK_REFS, eventNamespace, type EngineEvent, type EventType, type EventOf, type StateValueView } from './events';
export { describeAction, type UserAction } from './actions';
export { digestPlain } from './core/plainData';
export { DEFAULT_SCENARIO, DEFAULT_SCENARIO_INPUT, scenarioOf } from './defaultScenario';
export { parseScenario, parseScenarioText, formatProblems, type ParseResult } from './scenario/parseScenario';
export { SCENARIO_FORMAT, type Scenario, type ScenarioInput } from './scenario/scenarioSchema';
export type { ScenarioProblem } from './scenario/scenarioChecks';
export type { Topology, SubtaskInfo, Vertex } from './job/topology';
export type { JobState } from './job/jobState';
export { HOP_LATENCY_MS } from './job/latencies';
export { formatKeyGroupRange } from './keys/keyGroupRange';
export { keyedStateEntries, type KeyedStateEntryView } from './job/stateView';
export { recordsInFlight, barriersInFlight, blockedChannels, type RecordInFlight, type BarrierInFlight } from './job/inFlight';
export type { CheckpointHistoryEntry, CompletedCheckpoint, CoordinatorState } from './coordinator/coordinatorState';
export type { StoredFile, StoredFileMeta, RemoteStorageState } from './storage/remoteStorage';
