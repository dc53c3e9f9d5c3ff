import { useQuery } from '@tanstack/react-query';
import { surveysOfItem, surveysQueryOptions, type SurveyItem, type SurveyLevel } from '../../lib/survey-queries';
import { FiguresTable } from './figures-table';

/**
 * The surveys of the region, an audience or a journey stage (issue 30): each question with its
 * answers' shares as bars, and the answer counts where the upload gave them. Nothing while there
 * are none; offline, what was last seen.
 */
export function SurveyResults({ context, level, item = null, what }: { context: string; level: SurveyLevel; item?: SurveyItem | null; what: string }) {
  const surveys = useQuery(surveysQueryOptions(context, level));
  const shown = surveysOfItem(surveys.data ?? [], item);
  if (shown.length === 0) return null;
  return (
    <div className="survey-results">
      {shown.map((s) => (
        <FiguresTable
          key={s.id}
          label={`Survey ${s.name} of ${what}`}
          title={`Survey · ${s.name}`}
          headings={['Question', 'Answer']}
          rows={s.questions.flatMap((q) => q.answers.map((a) => ({ attribute: q.question, value: a.answer, count: a.count, percent: a.percent })))}
        />
      ))}
    </div>
  );
}
