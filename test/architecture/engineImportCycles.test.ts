/**
 * The engine's folders meet through engine state and queue items (docs/architecture.md), and
 * import one another only downwards: no folder reaches a folder that (transitively) reaches back.
 * This computes the folder-level import graph of src/engine (value and type imports) from the
 * sources. The root files (handlers.ts, wiring.ts, stepContext.ts, state.ts, queueItems.ts,
 * events.ts, simulation.ts, performAction.ts, index.ts…) are the composition layer: they define
 * what every folder shares (StepContext, EngineState, QueueItem, events) and wire the folders
 * together (the handler table, the upcalls in wiring.ts), so they are left out of the check.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycleImports, engineFolderGraph, folderCycles, withoutRoot } from './engineImports';

const root = fileURLToPath(new URL('../../src/engine', import.meta.url));

describe('import graph of src/engine', () => {
  const graph = engineFolderGraph(root);

  it('finds the folders and their imports', () => {
    expect(graph.get('dataflow')?.has('job')).toBe(true); // dataflow/channels.ts imports job/jobState.ts
    expect(folderCycles(new Map([['a', new Map([['b', ['x']]])], ['b', new Map([['a', ['y']]])]]))).toEqual([['a', 'b']]);
    expect(folderCycles(new Map([['a', new Map([['b', ['x']]])]]))).toEqual([]);
    // The root is left out: a folder and the root importing each other is no cycle between folders.
    const viaRoot = new Map([['a', new Map([['.', ['a/x.ts → handlers.ts']]])], ['.', new Map([['a', ['handlers.ts → a/x.ts']]])]]);
    expect(folderCycles(viaRoot)).toEqual([['.', 'a']]);
    expect(folderCycles(withoutRoot(viaRoot))).toEqual([]);
    const ab = new Map([['a', new Map([['b', ['a/x.ts → b/y.ts']]])], ['b', new Map([['a', ['b/y.ts → a/z.ts']]])]]);
    expect(cycleImports(ab)).toEqual(['a/x.ts → b/y.ts', 'b/y.ts → a/z.ts']);
  });

  // Notifications travel as queue items (task.notifyComplete / task.notifyAborted): the coordinator
  // no longer reaches into the tasks' barrier handling, input, snapshots or sinks.
  it('coordinator/ imports nothing of dataflow/, and only job/latencies.ts of job/', () => {
    const fromCoordinator = graph.get('coordinator') ?? new Map<string, string[]>();
    expect(fromCoordinator.get('dataflow') ?? []).toEqual([]);
    expect((fromCoordinator.get('job') ?? []).filter((e) => !e.endsWith('job/latencies.ts'))).toEqual([]);
  });

  // Where a lower folder must reach an upper one in the same step, it defines the interface and the
  // root wires it (wiring.ts: Flink's CheckpointableTask, the scheduler's FailJobCallback).
  it('has no import cycle between its folders (the root composition files left out)', () => {
    const folders = withoutRoot(graph);
    expect(cycleImports(folders)).toEqual([]); // on failure: the imports that close each cycle
    expect(folderCycles(folders)).toEqual([]);
  });
});
