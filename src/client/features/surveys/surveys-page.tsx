import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ContextSlugs } from '@shared/rules/context';
import { SURVEY_MODE_DEFINITIONS, SURVEY_MODES, SURVEY_TEXT, type SurveyMode } from '@shared/rules/surveys';
import { appliedLine, UPLOAD_LIMITS } from '@shared/rules/uploads';
import { surveyUploadResultSchema, type SurveyUploadResult } from '@shared/schemas/surveys';
import { PageHeader } from '../../components/page-header';
import { UploadErrorsPanel } from '../../components/upload-errors-panel';
import { UploadRules } from '../../components/upload-rules';
import { apiDownload } from '../../lib/api-download';
import { isApiError } from '../../lib/api-error';
import { apiUpload, type UploadProgress } from '../../lib/api-upload';
import { useOnline } from '../../lib/offline/freshness';
import { queryClient } from '../../lib/query-client';
import { errorToast, successToast } from '../../lib/ui-store';
import '../../components/upload-parts.css';

/** Spec 2 §8, §9: a failed survey upload says the server's message for 5 s; success 4 s. */
const FAILURE_MS = 5_000;
const SUCCESS_MS = 4_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What the upload changed, in the spec's columns (spec 2 §2): none for the region; market and audiences; Journey, Brand, Stage, Survey Name. */
function UpdatedSurveys({ mode, result }: { mode: SurveyMode; result: SurveyUploadResult['data'] }) {
  if (mode === 'region') {
    const names = result.surveys ?? [];
    return (
      <section className="upload-panel" aria-label="Updated surveys">
        <h2>Updated surveys</h2>
        <p>{names.length === 0 ? 'No survey was replaced.' : `${names.length} ${names.length === 1 ? 'survey was' : 'surveys were'} replaced.`}</p>
      </section>
    );
  }
  if (mode === 'audience') {
    const rows = (result.mekkos ?? []).flatMap((c) => c.markets.map((m) => ({ key: `${c.mekko_name}/${m.name}`, market: `${c.mekko_name} › ${m.name}`, audiences: m.sub_markets.map((a) => `${a.name} (${a.surveys.join(', ')})`).join('; ') })));
    return (
      <section className="upload-panel" aria-label="Updated audiences">
        <h2>Updated audiences</h2>
        <table className="data-table">
          <thead><tr><th scope="col">Market</th><th scope="col">Audiences</th></tr></thead>
          <tbody>{rows.map((r) => <tr key={r.key}><td>{r.market}</td><td>{r.audiences}</td></tr>)}</tbody>
        </table>
      </section>
    );
  }
  const rows = (result.journeys ?? []).flatMap((j) => j.brands.flatMap((b) => b.stages.flatMap((s) => s.surveys.map((survey) => ({ key: `${j.journey_name}/${b.name}/${s.stage_name}/${survey}`, journey: j.journey_name, brand: b.name, stage: s.stage_name, survey })))));
  return (
    <section className="upload-panel" aria-label="Updated stages">
      <h2>Updated stages</h2>
      <table className="data-table">
        <thead><tr><th scope="col">Journey</th><th scope="col">Brand</th><th scope="col">Stage</th><th scope="col">Survey Name</th></tr></thead>
        <tbody>{rows.map((r) => <tr key={r.key}><td>{r.journey}</td><td>{r.brand}</td><td>{r.stage}</td><td>{r.survey}</td></tr>)}</tbody>
      </table>
    </section>
  );
}

/**
 * Surveys Upload (spec 2 §2, §5, §8, §9; issue 30): the mode (Region, Audience or Stage Level,
 * the query parameter surveyType) chosen by a radio group that clears the results; 1 Download
 * Template, 2 Edit, 3 Upload Edited File (.xls only); the rules, the errors and what was updated.
 */
export function SurveysPage({ context, mode, onMode }: { context: ContextSlugs; mode: SurveyMode; onMode: (mode: SurveyMode) => void }) {
  const definition = SURVEY_MODE_DEFINITIONS[mode];
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const online = useOnline();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [downloading, setDownloading] = useState(false);

  const upload = useMutation({
    mutationFn: (file: File) => apiUpload(`/api/surveys/${definition.apiPath}`, file, surveyUploadResultSchema, { context, onProgress: setProgress }),
    onSettled: () => {
      setProgress(null);
      if (input.current) input.current.value = '';
    },
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['surveys'] });
      requestAnimationFrame(() => results.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
      successToast(SURVEY_TEXT.complete, result.errors.length ? 'Rows in error were not applied: see the errors below.' : undefined, SUCCESS_MS);
    },
    onError: (error: unknown) => errorToast(isApiError(error) ? error.message : 'The upload failed. Please try again.', undefined, FAILURE_MS),
  });

  const switchMode = (next: SurveyMode) => {
    // Switching clears the errors, the updated lists and the messages (spec 2 §2).
    upload.reset();
    onMode(next);
  };
  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    if (file.size > UPLOAD_LIMITS.bytes) {
      errorToast(`${file.name} is ${mb(file.size)}; an upload may be at most ${mb(UPLOAD_LIMITS.bytes)}.`, undefined, FAILURE_MS);
      if (input.current) input.current.value = '';
      return;
    }
    upload.mutate(file);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await apiDownload(`/api/surveys/${definition.apiPath}/template?format=xls`, `${definition.templateName}.xls`, { context });
    } catch (error) {
      errorToast(isApiError(error) ? error.message : 'The template could not be downloaded. Please try again.', undefined, FAILURE_MS);
    } finally {
      setDownloading(false);
    }
  };

  const result = upload.data;
  return (
    <div className="page upload-page">
      <PageHeader title={SURVEY_TEXT.title} />
      {online ? null : <p className="upload-offline" role="status">You are offline. Templates download and files upload once you are back online.</p>}
      <fieldset className="survey-modes">
        <legend>Survey level</legend>
        {SURVEY_MODES.map((m) => (
          <label key={m}>
            <input type="radio" name="surveyType" value={m} checked={m === mode} onChange={() => switchMode(m)} />
            {` ${SURVEY_MODE_DEFINITIONS[m].label}`}
          </label>
        ))}
      </fieldset>
      <div className="upload-page__grid">
        <ol className="upload-steps">
          <li className="upload-step">
            <h2>Download Template</h2>
            <p>{`${definition.templateName} for ${context.client}/${context.region ?? ''}, with its current surveys${mode === 'region' ? '' : ' and, to the right, the brands and products you may use'}.`}</p>
            <button type="button" className="button button--primary" onClick={() => void download()} disabled={downloading || !online}>
              {downloading ? 'Downloading…' : 'Download Template (.xls)'}
            </button>
          </li>
          <li className="upload-step">
            <h2>Edit</h2>
            <p>Open it in a spreadsheet program that reads .xls: one row per answer, then save it as .xls.</p>
          </li>
          <li className="upload-step">
            <h2>Upload Edited File</h2>
            <label htmlFor={inputId} className="button button--primary upload-step__file" aria-disabled={upload.isPending || !online}>
              {upload.isPending ? 'Uploading…' : 'Choose .xls file to upload'}
            </label>
            <input id={inputId} ref={input} className="upload-step__input" type="file" accept=".xls,application/vnd.ms-excel" disabled={upload.isPending || !online} onChange={(e) => choose(e.target.files?.[0])} />
            {progress ? <p role="status">{progress.phase === 'sending' ? `Sending: ${progress.total ? Math.round((progress.sent / progress.total) * 100) : 0}%` : 'Reading the file and replacing its surveys…'}</p> : null}
            {result ? <p role="status">{appliedLine(result.data.applied, result.data.rows, result.errors.length + result.data.more_errors)}</p> : null}
          </li>
        </ol>
        <UploadRules rules={definition.rules} columns={definition.columns} noteOf={(c) => (c.required ? '' : c.key === 'percent' || c.key === 'count' ? ' (one of the two)' : ' (optional)')} />
      </div>
      <div ref={results} className="upload-page__results">
        {result ? (
          <>
            <UploadErrorsPanel errors={result.errors} more={result.data.more_errors} />
            <UpdatedSurveys mode={mode} result={result.data} />
          </>
        ) : null}
      </div>
    </div>
  );
}
