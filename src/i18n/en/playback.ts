/** Strings of the playback bar's jump control, its seek readout, of problems met while recording a run. */
export const playbackEn = {
  jumpNoEarlier: 'No earlier {kind} before step {step}',
  jumpNoLater: 'No later {kind} after step {step}',
  jumpNoLaterYet: 'No later {kind} after step {step} recorded yet: the run is still being recorded',
  jumpToStep: '{dir} {kind}: step {step}',
  speedReached: '≈{speed} reached',
  speedReachedTitle: 'This run is too big to replay at {speed} on this page: each frame replays its steps for at most {ms} ms, so it plays at about {reached}. Nothing is skipped.',
  seekingTo: 'Seeking step {step}…',
} as const;
