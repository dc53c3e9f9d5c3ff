import { TEXT } from '@shared/constants';
import type { DataNotice } from '@shared/rules/data-checks';
import { useDataNotice } from '../../lib/data-queries';

function noticeText(notice: DataNotice): string {
  if (notice.kind === 'failed') return TEXT.dataFailed(notice.where);
  return notice.kind === 'generating' ? TEXT.dataGenerating(notice.where, notice.percent) : TEXT.dataLoading(notice.where, notice.percent);
}

interface Props {
  clientSlug: string | undefined;
  regionSlug: string | undefined;
}

/**
 * A status line while the demo audience data of the current client region is being prepared
 * (issue 3), or when that failed. The live region stays mounted so its first message is read.
 */
export function DemoDataNotice({ clientSlug, regionSlug }: Props) {
  const notice = useDataNotice(clientSlug, regionSlug);
  return (
    <div className="data-notice" role="status">
      {notice ? (
        <p className={notice.kind === 'failed' ? 'data-notice__text data-notice__text--failed' : 'data-notice__text'}>{noticeText(notice)}</p>
      ) : null}
    </div>
  );
}
