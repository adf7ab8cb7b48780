/**
 * `npm run bench`: prints figures and ratios for the speed and memory goals of the issues.
 * Benchmarks never fail the test suite; they report whether each goal was met.
 */
import { runIdbBench } from './idb.bench';
import { runKernelBench } from './kernel.bench';
import { runStateBackendBench } from './stateBackends.bench';
import { runChangelogBench } from './changelog.bench';
import { runDataflowBench } from './dataflow.bench';

async function main(): Promise<void> {
  console.log(`Checkpoint Lab benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
  runKernelBench();
  runStateBackendBench();
  runChangelogBench();
  runDataflowBench();
  // Last: it launches a browser, and the Node-only figures above should not wait for it.
  await runIdbBench();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
