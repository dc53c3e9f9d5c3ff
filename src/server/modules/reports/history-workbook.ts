import { isoDay } from '@shared/rules/index-report';
import { writeWorkbook } from '@shared/xlsx/workbook-writer';

/** One download of a report, as Report History lists it. */
export interface DownloadRecord {
  downloadedAt: Date;
  email: string;
  hierarchy: string;
  assetName: string;
  assetType: string;
}

/** Spec 1 §2.8: the columns of Report History, in order. */
export const HISTORY_HEADER = ['Date', 'Time', 'Email', 'Hierarchy', 'Asset Name', 'Asset Type'] as const;
export const HISTORY_SHEET = 'Past downloads';

/** Report History as an .xlsx file: a row per download, as given (newest first); Date and Time in UTC. */
export function historyWorkbook(downloads: readonly DownloadRecord[]): Buffer {
  const rows = downloads.map((d) => [
    { value: isoDay(d.downloadedAt) },
    { value: d.downloadedAt.toISOString().slice(11, 19) },
    { value: d.email },
    { value: d.hierarchy },
    { value: d.assetName },
    { value: d.assetType },
  ]);
  return Buffer.from(writeWorkbook([{
    name: HISTORY_SHEET,
    rows: [HISTORY_HEADER.map((h) => ({ value: h, style: 'header' as const })), ...rows],
    widths: [11, 9, 30, 40, 40, 14],
    freezeHeader: true,
  }], { title: 'Past downloads report' }));
}
