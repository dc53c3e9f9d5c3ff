import { INDEX_REPORT_TEXT } from '@shared/rules/index-report-form';
import { BlockableButton } from '../../components/blockable-button';

/** "Create Index Report" of the selection (issue 14), with the reason on hover and focus when refused. */
export function CreateIndexReportButton({ block, onCreate }: { block: string | null; onCreate: () => void }) {
  return <BlockableButton block={block} onClick={onCreate}>{INDEX_REPORT_TEXT.create}</BlockableButton>;
}
