import './analysis-chart.css';
import { useId, type ReactNode } from 'react';
import { ExportButtons } from '../../../components/export-buttons';
import { exportChart } from '../../../lib/chart-file';
import { chartFile, type ChartLayout } from './chart-shapes';
import { FittedChart } from './chart-svg';

/** The width a chart is laid out at for a slide (the export), in px. */
const FILE_WIDTH = 1400;

interface Props {
  /** The heading above the chart, and the slide's title. */
  title: string;
  /** What the file is called (without extension): the brand and the chart. */
  fileName: string;
  /** The chart laid out at a width (the screen's, then the slide's). */
  layoutFor: (width: number) => ChartLayout;
  /** The chart in words, for screen readers. */
  label: string;
  /** Beside the export buttons (a switch of what the chart shows). */
  tools?: ReactNode;
  children?: ReactNode;
}

/** A chart of an analysis page with its title and Export PNG / Export SVG of what it draws. */
export function ChartFigure({ title, fileName, layoutFor, label, tools, children }: Props) {
  const id = useId();
  return (
    <figure className="analysis-chart" aria-labelledby={id}>
      <div className="analysis-chart__header">
        <figcaption id={id} className="analysis-chart__title">{title}</figcaption>
        <div className="analysis-chart__tools">
          {tools}
          <ExportButtons onExport={(kind) => exportChart(kind, chartFile(layoutFor(FILE_WIDTH), title), fileName)} />
        </div>
      </div>
      <FittedChart layoutFor={layoutFor} label={label} />
      {children}
    </figure>
  );
}
