import { createFileRoute, redirect } from '@tanstack/react-router';
import { defaultHomePath } from '@shared/rules/context';
import { storage } from '../lib/storage';

/** /home goes to the remembered or default context; without any client, to Request Access. */
export const Route = createFileRoute('/_app/home')({
  beforeLoad: ({ context }) => {
    const target = defaultHomePath(context.hierarchy, storage.lastContext());
    if (!target) throw redirect({ to: '/login', search: { tab: 'request' }, replace: true });
    throw redirect({ href: target, replace: true });
  },
});
