import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { UPLOADER_OF_PAGE, type UploaderPage } from '@shared/rules/access';
import { appliedLine, UPLOAD_LIMITS, UPLOADERS, type UploaderDefinition } from '@shared/rules/uploads';
import type { ContextSlugs } from '@shared/rules/context';
import { uploadResultSchema, type UploadResult } from '@shared/schemas/uploads';
import { PageHeader } from '../../components/page-header';
import { apiDownload } from '../../lib/api-download';
import { isApiError } from '../../lib/api-error';
import { apiUpload, type UploadProgress } from '../../lib/api-upload';
import { useOnline } from '../../lib/offline/freshness';
import { queryClient } from '../../lib/query-client';
import { errorToast, successToast, warningToast } from '../../lib/ui-store';
import { UploadErrorsPanel } from '../../components/upload-errors-panel';
import { UploadRules } from '../../components/upload-rules';
import { UpdatedPanel } from './updated-panel';
import '../../components/upload-parts.css';
import './uploads.css';

interface Props {
  page: UploaderPage;
  title: string;
  context: ContextSlugs;
}

/** The screens whose cached reads an upload changes: they refetch, as after any other edit. */
const CHANGED_QUERIES: Record<UploaderDefinition['key'], readonly string[]> = {
  grow: ['grow'],
  journeys: ['journey'],
  explore: ['explore'],
};

/** Beside a column's name: optional, or one of the value and percent pair. */
function columnNote(uploader: UploaderDefinition, column: UploaderDefinition['columns'][number]): string {
  if (column.required) return '';
  if (column.key === 'value' || column.key === 'percent') {
    const pair = uploader.columns.filter((c) => c.key === 'value' || c.key === 'percent').map((c) => c.letter).join(' or ');
    return ` (${pair}, not both)`;
  }
  return ' (optional)';
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ProgressLine({ progress, name }: { progress: UploadProgress; name: string }) {
  if (progress.phase === 'sending') {
    const share = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
    return (
      <div className="upload-progress" role="status">
        <progress max={100} value={share} aria-label={`Sending ${name}`} />
        <span>{`Sending ${name}: ${share}% of ${mb(progress.total)}`}</span>
      </div>
    );
  }
  return (
    <div className="upload-progress" role="status">
      <progress aria-label={`Reading and applying ${name}`} />
      <span>{`Reading ${name} and applying its rows…`}</span>
    </div>
  );
}

/**
 * An uploader's page (spec 2 §2 "Journeys / Widgets Upload, Grow / Widgets Upload, Explore /
 * Widgets Upload"; issue 29): 1 Download template, 2 Edit, 3 Upload edited file; the uploader's
 * rules word for word; the errors panel and what was updated. Choosing a file uploads it at once
 * and clears the last results (§4).
 */
export function UploadPage({ page, title, context }: Props) {
  const uploader = UPLOADERS[UPLOADER_OF_PAGE[page]];
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<'xls' | 'csv' | null>(null);
  const base = `/api/uploads/${uploader.apiPath}`;
  // Templates and uploads need the server: offline, the page says so rather than failing on a click.
  const online = useOnline();

  const upload = useMutation({
    mutationFn: (file: File) => apiUpload(base, file, uploadResultSchema, { context, onProgress: setProgress }),
    onSettled: () => {
      setProgress(null);
      if (input.current) input.current.value = '';
    },
    onSuccess: async (result: UploadResult) => {
      if (result.data.updated.length > 0) {
        await Promise.all(CHANGED_QUERIES[uploader.key].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      }
      // The panels are below the steps: on a laptop's window they start out of view.
      requestAnimationFrame(() => results.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
      if (result.errors.length === 0) successToast(uploader.completeText, undefined, uploader.completeMs);
      else if (result.data.updated.length > 0) {
        const failed = result.data.rows - result.data.applied;
        warningToast(uploader.completeText, `${failed.toLocaleString('en-US')} ${failed === 1 ? 'row was' : 'rows were'} not applied: see the errors below.`, uploader.completeMs);
      }
    },
    onError: (error: unknown) => errorToast(isApiError(error) ? error.message : 'The upload failed. Please try again.', undefined, uploader.failureMs),
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    setFileName(file.name);
    if (file.size > UPLOAD_LIMITS.bytes) {
      errorToast(`${file.name} is ${mb(file.size)}; an upload may be at most ${mb(UPLOAD_LIMITS.bytes)}.`, undefined, uploader.failureMs);
      if (input.current) input.current.value = '';
      return;
    }
    upload.mutate(file);
  };

  const download = async (format: 'xls' | 'csv') => {
    setDownloading(format);
    try {
      await apiDownload(`${base}/template?format=${format}`, `${uploader.templateName}.${format}`, { context });
    } catch (error) {
      errorToast(isApiError(error) ? error.message : 'The template could not be downloaded. Please try again.', undefined, uploader.failureMs);
    } finally {
      setDownloading(null);
    }
  };

  const result = upload.data;
  return (
    <div className="page upload-page">
      <PageHeader title={title} />
      {online ? null : <p className="upload-offline" role="status">You are offline. Templates download and files upload once you are back online.</p>}
      <div className="upload-page__grid">
        <ol className="upload-steps">
          <li className="upload-step">
            <h2>Download template</h2>
            <p>{`${uploader.templateName} for ${context.client}/${context.region ?? ''}, with its current figures and, to the right, the brands, products and demographics categories you may use.`}</p>
            <div className="upload-step__actions">
              <button type="button" className="button button--primary" onClick={() => void download('xls')} disabled={downloading !== null || !online}>
                {downloading === 'xls' ? 'Downloading…' : 'Download template (.xls)'}
              </button>
              <button type="button" className="button button--secondary" onClick={() => void download('csv')} disabled={downloading !== null || !online}>
                {downloading === 'csv' ? 'Downloading…' : 'Download as .csv'}
              </button>
            </div>
          </li>
          <li className="upload-step">
            <h2>Edit</h2>
            <p>Open the template in a spreadsheet program that reads .xls, change or add one line per attribute, and save it as .xls.</p>
          </li>
          <li className="upload-step">
            <h2>Upload edited file</h2>
            <label htmlFor={inputId} className="button button--primary upload-step__file" aria-disabled={upload.isPending || !online}>
              {upload.isPending ? 'Uploading…' : 'Choose file to upload'}
            </label>
            <input
              id={inputId}
              ref={input}
              className="upload-step__input"
              type="file"
              accept=".xls,application/vnd.ms-excel,.xlsx,.csv"
              disabled={upload.isPending || !online}
              onChange={(e) => choose(e.target.files?.[0])}
            />
            {progress && fileName ? <ProgressLine progress={progress} name={fileName} /> : null}
            {!upload.isPending && fileName && (result || upload.isError) ? <p className="subtitle">{`Last file: ${fileName}`}</p> : null}
            {result ? (
              <p role="status">
                {appliedLine(result.data.applied, result.data.rows, result.errors.length + result.data.more_errors)}
              </p>
            ) : null}
          </li>
        </ol>
        <UploadRules rules={uploader.rules} columns={uploader.columns} noteOf={(c) => columnNote(uploader, c)} />
      </div>
      <div ref={results} className="upload-page__results">
        {result ? (
          <>
            <UploadErrorsPanel errors={result.errors} more={result.data.more_errors} />
            <UpdatedPanel uploader={uploader.key} result={result.data} />
          </>
        ) : null}
      </div>
    </div>
  );
}
