/**
 * 'Export PNG' and 'Export SVG' of a chart (DESIGN: every chart exports to SVG and PNG from the
 * layout it draws): Grow's mekko, Measure's mekko and range chart. The page draws the file
 * (lib/chart-file) from the layout it shows.
 */
export function ExportButtons({ onExport }: { onExport: (kind: 'png' | 'svg') => void }) {
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => onExport('png')}>Export PNG</button>
      <button type="button" className="button button--ghost" onClick={() => onExport('svg')}>Export SVG</button>
    </>
  );
}
