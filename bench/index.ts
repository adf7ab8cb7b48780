/**
 * `npm run bench`: prints figures and ratios for the speed and memory goals of the issues.
 * Benchmarks never fail the test suite; they report whether each goal was met.
 */
import { runKernelBench } from './kernel.bench';
import { runStateBackendBench } from './stateBackends.bench';

console.log(`Checkpoint Lab benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
runKernelBench();
runStateBackendBench();
