/**
 * One column's simulator views: the app itself in embed mode (`?embed=1#scenario=…`) in an iframe,
 * laid out at its fixed size and scaled with CSS to the column's width. The page tells it the shared
 * time (`seekTime`) and shows the step it answers with, so a learner sees every column is at the
 * same simulated time. One seek is in flight at a time: while the slider is dragged, the frame gets
 * the latest time when it has answered the previous one, not a queue of stale ones. The frames
 * share the page's main thread, so a frame scrolled out of view is not told to seek at all (it
 * would render for nobody); it catches up with the shared time when it comes back into view.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { readFromEmbed, type FromEmbed, type ToEmbed } from '../../app/embed/embedProtocol';
import { EMBED_HEIGHT, EMBED_WIDTH } from '../../app/embed/embedSize';
import { formatTime } from './OverlayChart';

type FrameStatus = { type: 'waiting' } | { type: 'loading' } | Exclude<FromEmbed, { type: 'at' }>;

export function RunViewsFrame(props: { index: number; label: string; src: string; atMs: number; load: boolean; onSettled: (index: number) => void }) {
  const { index, label, src, atMs, load, onSettled } = props;
  const t = useT();
  const lang = useAppStore(selectLang);
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  const [status, setStatus] = useState<FrameStatus>({ type: load ? 'loading' : 'waiting' });
  const [at, setAt] = useState<Extract<FromEmbed, { type: 'at' }> | null>(null);
  const flow = useRef({ inFlight: false, pending: null as number | null });
  const wanted = useRef(atMs);
  wanted.current = atMs;
  /** On screen (or about to be), ready, and the time it last answered: whether and where it must catch up. */
  const shown = useRef({ visible: false, ready: false, answeredMs: null as number | null });

  const send = (m: ToEmbed) => frame.current?.contentWindow?.postMessage(m, location.origin);
  const seek = (ms: number) => {
    if (!shown.current.visible) return;
    if (flow.current.inFlight) {
      flow.current.pending = ms;
      return;
    }
    flow.current = { inFlight: true, pending: null };
    send({ type: 'seekTime', ms });
  };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setScale(entry!.contentRect.width / EMBED_WIDTH));
    ro.observe(el);
    const io = new IntersectionObserver(
      ([entry]) => {
        shown.current.visible = entry!.isIntersecting;
        if (shown.current.visible && shown.current.ready && shown.current.answeredMs !== wanted.current) seek(wanted.current);
      },
      { rootMargin: '120px' },
    );
    io.observe(el);
    return () => {
      ro.disconnect();
      io.disconnect();
    };
    // `seek` only reads refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (load) setStatus((s) => (s.type === 'waiting' ? { type: 'loading' } : s));
  }, [load]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const m = readFromEmbed(e, location.origin, frame.current?.contentWindow ?? null);
      if (!m) return;
      if (m.type === 'at') {
        shown.current.answeredMs = m.ms;
        setAt(m);
        const { pending } = flow.current;
        flow.current = { inFlight: false, pending: null };
        if (pending !== null && pending !== m.ms) seek(pending);
        return;
      }
      setStatus(m);
      onSettled(index);
      if (m.type === 'ready') {
        shown.current.ready = true;
        send({ type: 'lang', lang: useAppStore.getState().lang });
        flow.current = { inFlight: false, pending: null };
        seek(wanted.current);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
    // `seek` and `send` only read refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, onSettled]);

  useEffect(() => {
    if (status.type === 'ready') seek(atMs);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [atMs, status.type]);

  useEffect(() => {
    if (status.type === 'ready') send({ type: 'lang', lang });
  }, [lang, status.type]);

  const line =
    status.type === 'waiting'
      ? t('cmpViewsWaiting')
      : status.type === 'loading'
        ? t('cmpViewsLoading')
        : status.type === 'error'
          ? t('cmpViewsError', { message: status.message })
          : at && at.ms === atMs
            ? t('cmpViewsAt', { time: formatTime(at.stepMs), step: at.step })
            : t('cmpViewsBehind', { time: formatTime(atMs) });

  return (
    <div className="cmp-views">
      <p className="cmp-views-at" role="status" data-testid={`cmp-views-at-${index}`} data-ms={at?.ms ?? ''} data-step={at?.step ?? ''} data-state={status.type}>
        {line}
      </p>
      <div ref={box} className="cmp-views-box" style={{ height: Math.round(EMBED_HEIGHT * scale) }}>
        {load && (
          <iframe
            ref={frame}
            src={src}
            title={t('cmpViewsTitle', { label })}
            loading="lazy"
            tabIndex={-1}
            data-testid={`cmp-views-${index}`}
            style={{ width: EMBED_WIDTH, height: EMBED_HEIGHT, transform: `scale(${scale})` }}
          />
        )}
      </div>
    </div>
  );
}
