import { lazy, Suspense } from 'react';
import type { ContextSlugs } from '@shared/rules/context';
import type { SurveyMode } from '@shared/rules/surveys';

// Loaded with its route, as the other uploaders' pages are.
const SurveysPage = lazy(() => import('./surveys-page').then((m) => ({ default: m.SurveysPage })));

/** Surveys Upload (issue 30): its mode is the route's surveyType. */
export function SurveysRoute(props: { context: ContextSlugs; mode: SurveyMode; onMode: (mode: SurveyMode) => void }) {
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <SurveysPage {...props} />
    </Suspense>
  );
}
