/**
 * The pixel size of an element, followed with a ResizeObserver. Charts draw at their real size
 * (not a scaled viewBox), so text keeps its CSS size at 1280×720 and on a projector alike.
 * Returns a callback ref: the element may mount later than the component (shown conditionally).
 */
import { useLayoutEffect, useState } from 'react';

export interface Size {
  width: number;
  height: number;
}

export function useElementSize<E extends HTMLElement>(): [(el: E | null) => void, Size] {
  const [element, setElement] = useState<E | null>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const r = element.getBoundingClientRect();
      const next = { width: Math.floor(r.width), height: Math.floor(r.height) };
      setSize((s) => (s.width === next.width && s.height === next.height ? s : next));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(element);
    return () => ro.disconnect();
  }, [element]);
  return [setElement, size];
}
