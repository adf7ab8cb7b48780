/**
 * `npm run bench`: prints figures and ratios for the speed and memory goals of the issues.
 * Benchmarks never fail the test suite; they report whether each goal was met.
 */
import { runIdbBench } from './idb.bench';
import { runKernelBench } from './kernel.bench';
import { runStateBackendBench } from './stateBackends.bench';
import { runChangelogBench } from './changelog.bench';
import { runDataflowBench } from './dataflow.bench';
import { runBundleSizeBench } from './bundleSize.bench';
import { runFrameBench } from './frame.bench';

async function main(): Promise<void> {
  console.log(`Checkpoint Lab benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
  runKernelBench();
  runStateBackendBench();
  runChangelogBench();
  runDataflowBench();
  // Builds the app with vite (into a temporary directory) and sizes what a first visit loads.
  await runBundleSizeBench();
  // Last: they launch a browser, and the Node-only figures above should not wait for them.
  await runIdbBench();
  // The frame bench is the most sensitive to the machine's load: it prints the load average too.
  await runFrameBench();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
