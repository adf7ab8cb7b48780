/**
 * The engine's folders meet through engine state and queue items (docs/architecture.md). This
 * computes the folder-level import graph of src/engine (value and type imports) from the sources.
 * The full check (no cycle at all) is a `todo` while cycles remain: `npx tsx` a script calling
 * `folderCycles(engineFolderGraph(...))` lists them with the imports that make each edge.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineFolderGraph, folderCycles } from './engineImports';

const root = fileURLToPath(new URL('../../src/engine', import.meta.url));

describe('import graph of src/engine', () => {
  const graph = engineFolderGraph(root);

  it('finds the folders and their imports', () => {
    expect(graph.get('dataflow')?.has('job')).toBe(true); // dataflow/channels.ts imports job/jobState.ts
    expect(folderCycles(new Map([['a', new Map([['b', ['x']]])], ['b', new Map([['a', ['y']]])]]))).toEqual([['a', 'b']]);
    expect(folderCycles(new Map([['a', new Map([['b', ['x']]])]]))).toEqual([]);
  });

  // Notifications travel as queue items (task.notifyComplete / task.notifyAborted): the coordinator
  // no longer reaches into the tasks' barrier handling, input, snapshots or sinks.
  it('coordinator/ imports nothing of dataflow/, and only job/latencies.ts of job/', () => {
    const fromCoordinator = graph.get('coordinator') ?? new Map<string, string[]>();
    expect(fromCoordinator.get('dataflow') ?? []).toEqual([]);
    expect((fromCoordinator.get('job') ?? []).filter((e) => !e.endsWith('job/latencies.ts'))).toEqual([]);
  });

  it.todo('has no import cycle between its folders (folderCycles(engineFolderGraph(src/engine)) is empty)');
});
