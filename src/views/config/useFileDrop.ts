/**
 * Dropping a scenario file anywhere on the dialog (or its backdrop, so a near miss does not
 * make the browser open the file instead of the app). One file at a time.
 */
import { useRef, useState, type DragEvent } from 'react';

export interface FileDrop {
  dragging: boolean;
  handlers: {
    onDragEnter: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDragLeave: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
  };
}

const carriesFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

export function useFileDrop(onFiles: (files: File[]) => void): FileDrop {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed; count them to know when the pointer left.
  const depth = useRef(0);
  return {
    dragging,
    handlers: {
      onDragEnter: (e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current++;
        setDragging(true);
      },
      onDragOver: (e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: () => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop: (e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        onFiles([...e.dataTransfer.files]);
      },
    },
  };
}
