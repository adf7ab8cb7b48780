/**
 * A button that opens the browser's file picker for one JSON file, with the hidden
 * `<input type=file>` behind it. The input is cleared after each pick, so picking the same file
 * again (after fixing it) reads it again. Drops are the container's business (useFileDrop), so
 * each place keeps its own drop area; the hint says where to drop.
 */
import { useRef } from 'react';

export function FilePickButton(props: {
  label: string;
  onFile: (file: File) => void;
  buttonTestId: string;
  inputTestId: string;
  /** Shown after the button, e.g. "or drop a file here". */
  hint?: string;
  accept?: string;
}) {
  const { label, onFile, buttonTestId, inputTestId, hint, accept = '.json,application/json' } = props;
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()} data-testid={buttonTestId}>
        {label}
      </button>
      {hint !== undefined && <span className="muted small">{hint}</span>}
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
