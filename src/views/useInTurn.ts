/**
 * How many of `count` parts of a view to show: none at the first render, then one more per task,
 * starting after the first paint. The comparison page mounts its charts this way: mounting the six
 * at once measured each (a forced layout of the whole page) and drew them in the page's first
 * task, 44–69 ms of the shared main thread on a loaded machine (issue 18 §6).
 */
import { useEffect, useState } from 'react';

/** After the next paint (a frame, then a task); a hidden page gets no frames, so a timer stands in. */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(once);
  });
  timer = setTimeout(once, 100);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function useInTurn(count: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= count) return;
    if (shown === 0) return afterPaint(() => setShown(1));
    const timer = setTimeout(() => setShown(shown + 1));
    return () => clearTimeout(timer);
  }, [shown, count]);
  return Math.min(shown, count);
}
