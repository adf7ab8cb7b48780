/** Strings of the views of a big run (issue 17 §4): state table summary, key search, job graph groups. */
export const atScaleEn = {
  exViewsAtScaleTitle: 'Views at scale: parallelism 16, 100,000 keys, 150 checkpoints, 20 retained',
  exViewsAtScaleSee:
    'The biggest run the page records (about 180,000 steps, a few seconds to record): 48 subtasks, about 1,900 files in storage at the end, 20 checkpoints kept. Long lists scroll in windows, a subtask’s state is summarized by key group with a search by key.',
  jgIdleChannels: '{n} channels with nothing queued, on the wire or blocked: drawn as plain lines (a big job shows queues only where there are some)',
  jgGroupMore: '+{n} more',
  jgGroupStatus: '{bp} back-pressured · {al} aligning',
  jgGroupAcks: 'acks of #{id}: {n}/{of}',
  jgGroupTitle: '{name}: {n} subtasks drawn as one node. Back-pressured {bp}, aligning {al}, busy {busy}. Click to show each of them (or pick one in the list above the graph).',
  jgGroupShowAll: 'Show all subtasks',
  jgGroupShowAllHint: 'Draw every subtask of every operator (the graph gets tall and scrolls)',
  jgGroupFold: 'Group subtasks',
  jgGroupFoldHint: 'Show the first {n} subtasks of each operator and one node for the rest',
  jgGroupPick: 'Subtask',
  jgGroupPickNone: 'pick one…',
  stSearchLabel: 'Find a key',
  stSearchPlaceholder: 'key, e.g. k123',
  stSummary: '{keys} keys in {groups} key groups: pick a key group or find a key; the table scrolls.',
  stAllGroups: 'all',
  stMatches: '{n} of {total} entries',
  stGroupTitle: 'key group {kg}: {n} entries',
} as const;
