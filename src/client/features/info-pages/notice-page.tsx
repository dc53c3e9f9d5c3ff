import { TEXT } from '@shared/constants';
import { PageHeader } from '../../components/page-header';

/** The selected client and region has no brand or product (spec 1 §2.1). */
export function NoticePage() {
  return (
    <div className="page">
      <PageHeader title="Notice" />
      <p>{TEXT.noticeBody}</p>
    </div>
  );
}
