/**
 * The pixel width of an element, followed with a ResizeObserver: the tape draws at its real
 * width (not a scaled viewBox), so its text keeps its CSS size on a laptop and on a projector.
 * A callback ref, because the element mounts only once a changelog subtask is selected.
 */
import { useLayoutEffect, useState } from 'react';

export function useElementWidth<E extends HTMLElement>(): [(el: E | null) => void, number] {
  const [element, setElement] = useState<E | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(element);
    return () => ro.disconnect();
  }, [element]);
  return [setElement, width];
}
