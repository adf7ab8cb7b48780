/** The table row standing in for the rows a windowed table does not render (none when there are none). */
export function SpacerRow({ height, cols }: { height: number; cols: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className="spacer-row">
      <td colSpan={cols} style={{ height, padding: 0, border: 'none' }} />
    </tr>
  );
}
