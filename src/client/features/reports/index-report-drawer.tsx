import '../../styles/reports.css';
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TEXT } from '@shared/constants';
import { rulesInWords } from '@shared/rules/index-report';
import { defaultCategories, defaultReportName, INDEX_REPORT_TEXT } from '@shared/rules/index-report-form';
import { indexReportBodySchema } from '@shared/schemas/index-reports';
import { SlideInPanel } from '../../components/slide-in-panel';
import { isApiError } from '../../lib/api-error';
import type { IndexReportRequest } from '../../lib/index-report-form-store';
import { categoriesQueryOptions, insightErrorMessage } from '../../lib/insights-queries';
import { successToast } from '../../lib/ui-store';
import { CategoryChecklist } from './category-checklist';
import { createIndexReport } from './create-index-report';

/** The drawer's width: as wide as Grow's audience form. */
const DRAWER_PX = 650;
const POPULATION = 'population';

type Issues = Partial<Record<'name' | 'categories' | 'form', string>>;

/**
 * The index report form (issue 14; spec 3 §2.1 "a right drawer for an index report form"):
 * report name, the audience it describes, the categories to include and the compare base. A
 * refusal shows in the form and leaves what was typed.
 */
export function IndexReportDrawer({ request, onClose }: { request: IndexReportRequest; onClose: () => void }) {
  const id = useId();
  const categories = useQuery(categoriesQueryOptions(request.context));
  const [name, setName] = useState(() => defaultReportName(request.audience.name));
  // Until the user chooses, every category of the region is chosen.
  const [picked, setPicked] = useState<number[] | null>(null);
  const chosen = picked ?? defaultCategories((categories.data ?? []).map((c) => c.id));
  const [base, setBase] = useState(POPULATION);
  const [issues, setIssues] = useState<Issues>({});
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof createIndexReport>[1]) => createIndexReport(request.context, body),
    meta: { handlesErrors: true },
    onSuccess: () => {
      successToast(INDEX_REPORT_TEXT.preparing, INDEX_REPORT_TEXT.preparingBody);
      onClose();
    },
    onError: (error) => setIssues({ form: isApiError(error) ? error.message : TEXT.genericError }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const compare = base === POPULATION ? undefined : request.bases[Number(base)];
    const parsed = indexReportBodySchema.safeParse({
      name,
      audience: { name: request.audience.name, rules: request.audience.rules },
      categories: chosen,
      compare_base: compare ? { type: 'audience', name: compare.name, rules: compare.rules } : { type: 'population' },
      tab: request.tab,
      origin: request.origin,
    });
    if (!parsed.success) {
      const next: Issues = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' || issue.path[0] === 'categories' ? issue.path[0] : 'form';
        next[field] ??= issue.message;
      }
      setIssues(next);
      return;
    }
    setIssues({});
    mutation.mutate(parsed.data);
  };

  const rule = rulesInWords(request.audience.rules, (segment) => request.audience.labels[String(segment)]);
  return (
    <SlideInPanel title={INDEX_REPORT_TEXT.create} widthPx={DRAWER_PX} onClose={onClose}>
      <form className="report-form" onSubmit={submit} noValidate aria-busy={mutation.isPending}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Report name</label>
          <input
            id={`${id}-name`} value={name} required aria-invalid={Boolean(issues.name)} aria-describedby={issues.name ? `${id}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {issues.name ? <p id={`${id}-name-error`} className="field__error" role="alert">{issues.name}</p> : null}
        </div>
        <section className="report-audience" aria-labelledby={`${id}-audience`}>
          <h3 id={`${id}-audience`}>Audience</h3>
          <p className="report-audience__name">{request.audience.name}</p>
          <p className="field__hint">{rule}</p>
        </section>
        {categories.data ? (
          <CategoryChecklist id={`${id}-categories`} categories={categories.data} chosen={chosen} error={issues.categories} onChange={setPicked} />
        ) : categories.isError ? (
          <p role="alert" className="field__error">{insightErrorMessage(categories.error)}</p>
        ) : (
          <p role="status">Loading categories…</p>
        )}
        <div className="field">
          <label htmlFor={`${id}-base`}>Compare with</label>
          <select id={`${id}-base`} value={base} onChange={(e) => setBase(e.target.value)}>
            <option value={POPULATION}>{INDEX_REPORT_TEXT.populationBase}</option>
            {request.bases.map((b, i) => <option key={`${i}-${b.name}`} value={String(i)}>{b.name}</option>)}
          </select>
        </div>
        {issues.form ? <p className="form-error" role="alert">{issues.form}</p> : null}
        <div className="report-form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary" disabled={mutation.isPending || !categories.data}>{INDEX_REPORT_TEXT.submit}</button>
        </div>
      </form>
    </SlideInPanel>
  );
}
