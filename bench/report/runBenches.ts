/**
 * Runs benches in order and writes the report. A bench that throws gets a "failed" line in its
 * section and a failing exit code, but the others still run and the report is still written.
 */
import { beginBench, recordedFigures, recordedSections, recordFigures, recordSection } from './benchReport';
import { machine, writeReport } from './writeReport';

export type Bench = () => void | Record<string, number> | Promise<void | Record<string, number>>;

export async function runBenches(benches: readonly [string, Bench][], out: { md: string; json: string }): Promise<void> {
  const date = new Date().toISOString();
  console.log(`Checkpoint Lab benchmarks — Node ${process.version}, ${date}`);
  for (const [key, run] of benches) {
    beginBench(key);
    try {
      const named = await run();
      if (named) recordFigures(key, named);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`\n## ${key}: failed — ${message}`);
      recordSection(key, [{ name: 'failed', value: message }]);
      process.exitCode = 1;
    }
  }
  writeReport({ date, machine: machine(), figures: { ...recordedFigures() }, sections: [...recordedSections()] }, out.md, out.json);
  console.log(`\nWrote ${out.md} and ${out.json}`);
}
