/**
 * A file dropped anywhere on the page (outside the Scenario dialog, which takes drops itself):
 * imported through the same path as the dialog's (so a scenario file loads, anything else is
 * refused with the reason, and a Flink `_metadata` is recognized and handed to the inspector), with
 * the outcome in a notice. A dropped folder opens in the inspector. Without this the browser would navigate away to show the dropped file.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import { DOCUMENT } from '../../app/scenarioIo/importScenarioText';
import { ImportStatusView } from './ImportStatusView';
import { useScenarioImport } from './useScenarioImport';
import { useInspector } from '../../app/inspector/inspectorStore';
import { fromDataTransfer } from '../../app/inspector/pickedFiles';
import './importStatus.css';
import './scenarioDialog.css';

const carriesFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');

export function PageFileDrop() {
  const t = useT();
  const io = useScenarioImport();
  const [dragging, setDragging] = useState(false);
  const [shown, setShown] = useState(false);
  // The hook's functions change every render; the listeners below read the latest through this.
  const latest = useRef({ io, t });
  useEffect(() => {
    latest.current = { io, t };
  });
  useEffect(() => {
    let depth = 0;
    const onEnter = (e: DragEvent) => {
      if (!carriesFiles(e) || e.defaultPrevented) return;
      depth++;
      setDragging(true);
    };
    const onOver = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      // Needed for the drop to reach the page instead of the browser opening the file.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      depth = 0;
      setDragging(false);
      // The Scenario dialog handled it (its own drop zone).
      if (!carriesFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      // A folder (a checkpoint or a job's checkpoint folder) goes to the inspector, walked there.
      const dt = e.dataTransfer;
      if (dt && [...dt.items].some((i) => i.kind === 'file' && (i as DataTransferItem & { webkitGetAsEntry?: () => { isDirectory: boolean } | null }).webkitGetAsEntry?.()?.isDirectory)) {
        const inspector = useInspector.getState();
        inspector.show();
        void inspector.openPicked(fromDataTransfer(dt));
        return;
      }
      const files = [...(e.dataTransfer?.files ?? [])];
      const { io: imp, t: tr } = latest.current;
      setShown(true);
      const [file] = files;
      if (files.length !== 1 || !file)
        imp.refuse(tr('hlpDroppedOnPage'), [{ path: DOCUMENT, message: tr('ioDropOne', { n: files.length }) }]);
      else void imp.importFile(file);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  return (
    <>
      {dragging && <div className="page-drop-zone" aria-hidden="true" />}
      {shown && io.status && (
        <div className="share-notice page-drop-notice" data-testid="page-drop-notice">
          <ImportStatusView status={io.status} />
          <button type="button" onClick={() => setShown(false)} data-testid="page-drop-dismiss">
            {t('dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
