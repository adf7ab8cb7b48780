/**
 * `npm run bench`: prints figures and ratios for the speed and memory goals of the issues, and
 * writes them to docs/benchmarks.md and docs/benchmarks.json. Benchmarks never fail the test
 * suite; they report whether each goal was met. One more bench is one more line in BENCHES.
 */
import { runIdbBench } from './idb.bench';
import { runKernelBench } from './kernel.bench';
import { runStateBackendBench } from './stateBackends.bench';
import { runChangelogBench } from './changelog.bench';
import { runDataflowBench } from './dataflow.bench';
import { runBundleSizeBench } from './bundleSize.bench';
import { runFrameBench } from './frame.bench';
import { runScaleBench } from './scale.bench';
import { runAppScaleBench } from './browser/appScaleBench';
import { runBenches, type Bench } from './report/runBenches';

/** In order; a bench may return named figures, filed in benchmarks.json as `<key>.<name>`. */
const BENCHES: [key: string, run: Bench][] = [
  ['kernel', runKernelBench],
  ['stateBackends', runStateBackendBench],
  ['changelog', runChangelogBench],
  ['dataflow', runDataflowBench],
  // A process of its own per run, so its peak RSS is the run's alone.
  ['scale', runScaleBench],
  // Builds the app with vite (into a temporary directory) and sizes what a first visit loads.
  ['bundle', runBundleSizeBench],
  // Last: they launch a browser, and the Node-only figures above should not wait for them.
  ['idb', runIdbBench],
  // The frame bench is the most sensitive to the machine's load: it prints the load average too.
  ['frame', runFrameBench],
  ['app', runAppScaleBench],
];

runBenches(BENCHES, { md: 'docs/benchmarks.md', json: 'docs/benchmarks.json' }).catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
