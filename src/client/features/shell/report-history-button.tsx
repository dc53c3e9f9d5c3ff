import { useState } from 'react';
import { TEXT } from '@shared/constants';
import { isApiError } from '../../lib/api-error';
import { downloadReportHistory } from './task-downloads';

/** "Download Report History" (spec 1 §2.8): admins with report_task_admin create. */
export function ReportHistoryButton({ context }: { context: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = () => {
    setState({ busy: true, error: null });
    downloadReportHistory(context).then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error: isApiError(error) ? error.message : TEXT.genericError }),
    );
  };
  return (
    <p className="report-history">
      <button type="button" className="button button--secondary" aria-busy={state.busy} disabled={state.busy} onClick={download}>
        {state.busy ? <span className="spinner" aria-hidden="true" /> : null}
        Download Report History
      </button>
      {state.error ? <span className="field__error" role="alert">{state.error}</span> : null}
    </p>
  );
}
