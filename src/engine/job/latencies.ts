/** Simulated latencies of the teaching engine (compressed time; real ones vary by cluster). */

/** Network latency of one hop between subtasks. */
export const HOP_LATENCY_MS = 20;

/** Time between two records a script source reads from its log. */
export const SCRIPT_READ_GAP_MS = 1;

/** Latency of an RPC between a TaskManager and the JobManager. */
export const RPC_LATENCY_MS = 1;

/** Largest extra delay of a trigger RPC to a source (jitter between sources). */
export const TRIGGER_JITTER_MS = 30;
