/** Colors shared by the views, so one kind of event looks the same everywhere. */
const NAMESPACE_COLORS: Record<string, string> = {
  sim: '#64748b',
  user: '#db2777',
  toy: '#0284c7',
  checkpoint: '#16a34a',
  barrier: '#d97706',
  state: '#7c3aed',
  sst: '#0891b2',
  file: '#dc2626',
};

export function namespaceColor(ns: string): string {
  return NAMESPACE_COLORS[ns] ?? '#475569';
}
