/**
 * Strings of the help beyond the shortcut table: the shortcuts added for issue 14 (jumps by event
 * kind, the stage tabs, the glossary), the glossary dialog and its terms in the text, presenter
 * mode's actions panel, and what a dropped Flink `_metadata` file is told. Keys carry a `hlp`
 * prefix so they cannot clash with other areas.
 */
export const helpEn = {
  hlpShortcutJump: 'Previous / next event of the kind chosen in the jump box',
  hlpShortcutTabs: 'Show the stage tab in that place (Checkpoints, Timeline, Charts, Registry, Restore)',
  hlpShortcutGlossary: 'Open the glossary',
  hlpGlossary: 'Glossary',
  hlpGlossaryOpen: 'Glossary of the terms used here',
  hlpGlossarySearch: 'Search the glossary',
  hlpGlossaryCount: '{n} of {total} terms',
  hlpGlossaryNone: 'No term matches “{q}”.',
  hlpGlossaryFlink: 'In Flink',
  hlpGlossaryRelated: 'See also',
  hlpGlossaryTermHint: 'Glossary: {term}',
  hlpGlossaryLoading: 'Loading the glossary…',
  hlpPresenterActions: 'Actions',
  hlpPresenterActionsHint: 'Show the actions panel (faults, savepoint, restore) in the stage',
  hlpFlinkMetadataTitle: 'This is a real Flink checkpoint file, not a scenario',
  hlpFlinkMetadataBody:
    '“{name}” starts with Flink’s checkpoint metadata magic number 0x4960672d: it is the _metadata file of a checkpoint or savepoint written by Apache Flink (metadata format version {version}{checkpoint}).',
  hlpLabMetadataTitle: 'This is a checkpoint’s _metadata, not a scenario',
  hlpLabMetadataBody:
    '“{name}” is the _metadata file of a checkpoint an earlier version of this app wrote (Flink’s magic number 0x4960672d, then Checkpoint Lab’s former version 1001 with a JSON body; the app now writes Flink’s own version 4); the app reads such files from its own storage when it restores, not as a scenario.',
  hlpFlinkMetadataCheckpoint: ', checkpoint {id}',
  hlpFlinkMetadataCannot:
    'Checkpoint Lab runs scenarios (JSON files like those the Export button writes); it does not load a real job’s state into a simulation.',
  hlpFlinkMetadataInspector:
    'An inspector that lists what a real _metadata holds (operators, state handles, file paths) is being built; until it is part of this app, open the scenario that teaches the same mechanism from the Examples gallery.',
  hlpDroppedOnPage: 'file dropped on the page',
} as const;
