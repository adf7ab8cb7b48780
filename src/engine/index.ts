/** The engine's only import surface for the rest of the app. */
export { Simulation } from './simulation';
export { Timeline, type StepRecord, type Intervention, type TimelineOptions } from './timeline';
export { DEFAULT_SIM_CONFIG, type SimConfig } from './config';
export type { EngineState } from './state';
export { FLINK_REFS, eventNamespace, type EngineEvent, type EventType, type EventOf } from './events';
export { describeAction, type UserAction } from './actions';
export { digestPlain } from './core/plainData';
export { SOURCE_TASK, SUM_TASK, type ToyRecordInFlight } from './toy/counterJob';
