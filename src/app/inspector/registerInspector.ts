/**
 * Makes the inspector the place a real Flink `_metadata` goes when it is picked or dropped in the
 * Scenario dialog or on the page (inspectorHandoff.ts): the inspector mode opens with that file.
 */
import { setMetadataInspector } from '../scenarioIo/inspectorHandoff';
import { useInspector } from './inspectorStore';

export function registerInspector(): () => void {
  setMetadataInspector((file) => {
    const s = useInspector.getState();
    s.show();
    void s.openPicked([{ path: file.name, file }], file.name);
    return true;
  });
  return () => setMetadataInspector(null);
}
