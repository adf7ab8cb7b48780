/**
 * The engine writes some reasons as English sentences (why the job failed, why a file was
 * deleted, why a changelog was truncated). These recognise the ones it writes and say them in the
 * UI language; anything else is shown as the engine wrote it.
 */
import type { Tr } from './translator';

type Rule = [RegExp, (m: RegExpExecArray, tr: Tr) => string];

const JOB_FAILED: Rule[] = [
  [/^(\S+) failed \(injected\)$/, (m, tr) => tr('narReasonTaskFailed', { task: m[1]! })],
  [
    /^TaskManager (\S+) is no longer reachable \(injected loss\): (.+) failed with it$/,
    (m, tr) => tr('narReasonTmLost', { tm: m[1]!, tasks: m[2]! }),
  ],
  [
    /^(\S+) failed during the synchronous part of checkpoint (\d+) \(injected\)$/,
    (m, tr) => tr('narReasonFailedSync', { task: m[1]!, id: m[2]! }),
  ],
  [
    /^(\S+) failed while uploading checkpoint (\d+) \(injected\)$/,
    (m, tr) => tr('narReasonFailedAsync', { task: m[1]!, id: m[2]! }),
  ],
  [
    /^(\S+) failed after uploading checkpoint (\d+), before acknowledging it \(injected\)$/,
    (m, tr) => tr('narReasonFailedBeforeAck', { task: m[1]!, id: m[2]! }),
  ],
  [
    /^(\S+) failed during materialization (\d+) \(injected\)$/,
    (m, tr) => tr('narReasonFailedMaterialization', { task: m[1]!, id: m[2]! }),
  ],
  [
    /^more than (\d+) consecutive checkpoint failure\(s\)/,
    (m, tr) => tr('narReasonTooManyFailures', { n: m[1]! }),
  ],
];

const DISCARDED: Rule[] = [
  [
    /^checkpoint (\d+) discarded: the job was cancelled \((\w+)\)$/,
    (m, tr) => tr('narReasonCanceledDiscard', { id: m[1]!, retention: m[2]! }),
  ],
  [
    /^checkpoint (\d+) subsumed by (\d+)$/,
    (m, tr) => tr('narReasonSubsumedBy', { id: m[1]!, by: m[2]! }),
  ],
  [
    /^last used below the lowest retained checkpoint \(checkpoint (\d+)\)$/,
    (m, tr) => tr('narReasonLastUsed', { id: m[1]! }),
  ],
  [
    /^reference count reached 0 \(checkpoint (\d+)\)$/,
    (m, tr) => tr('narReasonRefZero', { id: m[1]! }),
  ],
  [
    /^uploaded for an aborted checkpoint \(checkpoint (\d+)\)$/,
    (m, tr) => tr('narReasonAbortedUpload', { id: m[1]! }),
  ],
  [
    /^late acknowledgement of (?:an aborted checkpoint \(checkpoint |checkpoint )(\d+)\)?$/,
    (m, tr) => tr('narReasonLateAck', { id: m[1]! }),
  ],
  [
    /^checkpoint (\d+) aborted \((\w+)\)$/,
    (m, tr) => tr('narReasonCpAborted', { id: m[1]!, reason: m[2]! }),
  ],
  [
    /^(\S+) failed before acknowledging checkpoint (\d+)$/,
    (m, tr) => tr('narReasonFailedBeforeAckFiles', { task: m[1]!, id: m[2]! }),
  ],
];

const TRUNCATED: Rule[] = [
  [/^checkpoint (\d+) subsumed$/, (m, tr) => tr('narWhySubsumed', { id: m[1]! })],
  [
    /^materialization (\d+) covers the changes below (\d+)$/,
    (m, tr) => tr('narWhyMaterialization', { id: m[1]!, sqn: m[2]! }),
  ],
];

const DECLINED: Rule[] = [
  [/^declined by the scenario$/, (_m, tr) => tr('narReasonDeclineInjected')],
  [/^the upload to remote storage failed \(injected\)$/, (_m, tr) => tr('narReasonUploadFailed')],
  [/^CHECKPOINT_DECLINED_SUBSUMED: barrier (\d+) arrived before checkpoint (\d+) was aligned$/, (m, tr) => tr('narReasonDeclinedSubsumed', { newer: m[1]!, id: m[2]! })],
  [/^CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER: CancelCheckpointMarker (\d+) from (\S+)$/, (m, tr) => tr('narReasonDeclinedOnCancel', { id: m[1]!, from: m[2]! })],
];

function apply(rules: Rule[], text: string, tr: Tr): string {
  for (const [re, f] of rules) {
    const m = re.exec(text);
    if (m) return f(m, tr);
  }
  return text;
}

export const jobFailedReason = (text: string, tr: Tr): string => apply(JOB_FAILED, text, tr);
export const discardReason = (text: string, tr: Tr): string => apply(DISCARDED, text, tr);
export const truncationReason = (text: string, tr: Tr): string => apply(TRUNCATED, text, tr);
export const declineReason = (text: string, tr: Tr): string => apply(DECLINED, text, tr);

/** Which explanation a file deletion gets, from the engine's reason text. */
export type DiscardKind =
  'subsumed' | 'lastUsed' | 'refCount' | 'aborted' | 'canceled' | 'duplicate' | 'truncated' | 'other';

export function discardKind(reason: string): DiscardKind {
  if (/subsumed by/.test(reason)) return 'subsumed';
  if (/last used below/.test(reason)) return 'lastUsed';
  if (/reference count/.test(reason)) return 'refCount';
  if (/discarded: the job was cancelled/.test(reason)) return 'canceled';
  if (/abort|late acknowledgement|failed before acknowledging|cancelled/.test(reason))
    return 'aborted';
  if (/duplicate|replaced by a newer upload/.test(reason)) return 'duplicate';
  if (/truncated/.test(reason)) return 'truncated';
  return 'other';
}
