import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { TEXT } from '@shared/constants';
import { canOpenUploadPage, UPLOAD_PAGES, UPLOADER_OF_PAGE, type UploadPage } from '@shared/rules/access';
import { UPLOAD_PAGE_TITLES } from '@shared/rules/admin-pages';
import { PlaceholderPage } from '../components/placeholder-page';
import { DiscussionsRoute } from '../features/discussions/discussions-route';
import { UploadRoute } from '../features/uploads/upload-route';
import { requireContext, sayRefusal } from '../lib/guards';

function isUploadPage(value: string): value is UploadPage {
  return Object.hasOwn(UPLOAD_PAGES, value);
}

export const Route = createFileRoute('/_app/$client/$region/upload/$page/admin')({
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
  if (page === 'discussions_upload') return <DiscussionsRoute context={{ client, region }} />;
  // Surveys arrive with the rest of issue 30.
  if (!Object.hasOwn(UPLOADER_OF_PAGE, page)) return <PlaceholderPage title={UPLOAD_PAGE_TITLES[page]} />;
  return <UploadRoute key={page} page={page as keyof typeof UPLOADER_OF_PAGE} title={UPLOAD_PAGE_TITLES[page]} context={{ client, region }} />;
}
