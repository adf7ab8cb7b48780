/// <reference lib="webworker" />
/**
 * Records a comparison's runs off the main thread (runComparisonJob.ts). One request at a time;
 * the page cancels by terminating the worker, so no cancel message is needed.
 */
import type { CompareMessage, CompareRequest } from './compareProtocol';
import { runComparisonJob } from './runComparisonJob';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<CompareRequest>) => {
  runComparisonJob(e.data, (m: CompareMessage) => scope.postMessage(m));
};
