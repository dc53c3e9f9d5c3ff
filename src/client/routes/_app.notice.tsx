import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '../features/info-pages/notice-page';

export const Route = createFileRoute('/_app/notice')({
  component: NoticePage,
});
