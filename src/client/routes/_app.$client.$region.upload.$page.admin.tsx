import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { TEXT } from '@shared/constants';
import { canOpenUploadPage, UPLOAD_PAGES, UPLOADER_OF_PAGE, type UploadPage } from '@shared/rules/access';
import { UPLOAD_PAGE_TITLES } from '@shared/rules/admin-pages';
import { SURVEY_MODES, surveyModeOf } from '@shared/rules/survey-modes';
import { PlaceholderPage } from '../components/placeholder-page';
import { DiscussionsRoute } from '../features/discussions/discussions-route';
import { SurveysRoute } from '../features/surveys/surveys-route';
import { UploadRoute } from '../features/uploads/upload-route';
import { requireContext, sayRefusal } from '../lib/guards';

function isUploadPage(value: string): value is UploadPage {
  return Object.hasOwn(UPLOAD_PAGES, value);
}

/** Surveys Upload's mode, ?surveyType= (spec 2 §1, §9): a value it does not know is the default, region. */
const uploadSearchSchema = z.object({ surveyType: z.catch(z.optional(z.enum(SURVEY_MODES)), undefined) });

export const Route = createFileRoute('/_app/$client/$region/upload/$page/admin')({
  validateSearch: uploadSearchSchema,
  params: {
    parse: (raw) => {
      if (!isUploadPage(raw.page)) throw notFound();
      return { ...raw, page: raw.page };
    },
    stringify: (parsed) => ({ ...parsed }),
  },
  beforeLoad: ({ context, params }) => {
    requireContext(context.hierarchy, { client: params.client, region: params.region }, 2);
    if (!canOpenUploadPage(params.page, context.permissions)) {
      sayRefusal(TEXT.permissionDenied);
      throw redirect({ href: `/${params.client}/${params.region}/home`, replace: true });
    }
  },
  component: UploadAdmin,
});

function UploadAdmin() {
  const { page, client, region } = Route.useParams();
  const { surveyType } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (page === 'discussions_upload') return <DiscussionsRoute context={{ client, region }} />;
  if (page === 'surveys_upload') {
    return <SurveysRoute context={{ client, region }} mode={surveyModeOf(surveyType)} onMode={(mode) => void navigate({ search: { surveyType: mode }, replace: true })} />;
  }
  if (!Object.hasOwn(UPLOADER_OF_PAGE, page)) return <PlaceholderPage title={UPLOAD_PAGE_TITLES[page]} />;
  return <UploadRoute key={page} page={page as keyof typeof UPLOADER_OF_PAGE} title={UPLOAD_PAGE_TITLES[page]} context={{ client, region }} />;
}
