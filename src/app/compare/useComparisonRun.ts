/**
 * Runs a comparison in a Web Worker and keeps its progress and results for the page. Cancel
 * terminates the worker (what was measured stays); a new request replaces the old one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunMetrics } from '../../engine/compare/runMetrics';
import type { Scenario } from '../../engine';
import type { CompareMessage } from './compareProtocol';

export interface ComparisonRunState {
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  /** Per run: its figures once measured. */
  runs: (RunMetrics | null)[];
  /** Per run: the simulated time reached while recording (ms). */
  reachedMs: number[];
  untilMs: number[];
  error: { run: number; message: string } | null;
  startedAt: number;
}

const IDLE: ComparisonRunState = { status: 'idle', runs: [], reachedMs: [], untilMs: [], error: null, startedAt: 0 };

function startWorker(): Worker {
  return new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });
}

export function useComparisonRun() {
  const [state, setState] = useState<ComparisonRunState>(IDLE);
  const worker = useRef<Worker | null>(null);
  const requestId = useRef(0);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  const start = useCallback(
    (scenarios: Scenario[]) => {
      stop();
      const id = ++requestId.current;
      const w = startWorker();
      worker.current = w;
      setState({ status: 'running', runs: scenarios.map(() => null), reachedMs: scenarios.map(() => 0), untilMs: scenarios.map((s) => s.untilMs), error: null, startedAt: performance.now() });
      w.onmessage = (e: MessageEvent<CompareMessage>) => {
        const m = e.data;
        if (m.requestId !== id) return;
        setState((s) => {
          switch (m.type) {
            case 'progress':
              return { ...s, reachedMs: s.reachedMs.map((x, i) => (i === m.run ? m.nowMs : x)) };
            case 'run':
              return { ...s, runs: s.runs.map((x, i) => (i === m.run ? m.metrics : x)), reachedMs: s.reachedMs.map((x, i) => (i === m.run ? s.untilMs[i]! : x)) };
            case 'done':
              return { ...s, status: 'done' };
            case 'error':
              return { ...s, status: 'error', error: { run: m.run, message: m.message } };
          }
        });
        if (m.type === 'done' || m.type === 'error') stop();
      };
      w.onerror = (e) => {
        setState((s) => ({ ...s, status: 'error', error: { run: s.runs.findIndex((r) => r === null), message: e.message || 'the comparison worker stopped' } }));
        stop();
      };
      w.postMessage({ type: 'run', requestId: id, scenarios });
    },
    [stop],
  );

  const cancel = useCallback(() => {
    stop();
    setState((s) => (s.status === 'running' ? { ...s, status: 'cancelled' } : s));
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { state, start, cancel };
}
