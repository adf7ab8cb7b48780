/**
 * Persistence for the app's lifetime: opens IndexedDB once, offers a restore from what the
 * previous session left, then keeps IndexedDB equal to the model at the cursor (see
 * PersistenceController and MirrorSync). Also installs the `window.__checkpointLab` test hook.
 */
import { useEffect } from 'react';
import { useAppStore } from '../store/appStore';
import { installCheckpointLabHook } from './checkpointLabHook';
import { PersistenceController } from './persistenceController';

export function usePersistenceSync(): void {
  useEffect(() => {
    // StrictMode mounts twice in development: each mount owns its controller and closes it.
    const controller = new PersistenceController(useAppStore);
    const removeHook = installCheckpointLabHook(
      () => controller.idle(),
      () => controller.syncCalls(),
    );
    void controller.start();
    return () => {
      removeHook();
      controller.dispose();
    };
  }, []);
}
