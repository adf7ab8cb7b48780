// afterThisTask runs work in the next task, in order, and can drop it; and a Node process that
// uses it (the store imports it: the scale bench, scripts) still exits once its work is done.
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { afterThisTask } from './afterThisTask';

describe('afterThisTask', () => {
  it('runs work after the current task, in the order asked, and not once cancelled', async () => {
    const ran: string[] = [];
    afterThisTask(() => ran.push('a'));
    const cancel = afterThisTask(() => ran.push('dropped'));
    afterThisTask(() => ran.push('b'));
    cancel();
    ran.push('now');
    await new Promise<void>((resolve) => afterThisTask(resolve));
    expect(ran).toEqual(['now', 'a', 'b']);
  });

  it('does not keep a Node process alive', async () => {
    // Before: the port listened from import on and held the event loop open (npm run bench hung).
    const script = "const m = await import('./src/views/afterThisTask.ts'); await new Promise((r) => m.afterThisTask(r)); console.log('done');";
    const out = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { timeout: 30_000 }, (_e, stdout) =>
        resolve({ code: child.exitCode, stdout }),
      );
    });
    expect(out.stdout.trim()).toBe('done');
    expect(out.code).toBe(0);
  }, 40_000);
});
