import { createFileRoute, redirect } from '@tanstack/react-router';
import { TEXT } from '@shared/constants';
import { firstInsightsPath } from '@shared/rules/navigation';
import { sayRefusal } from '../lib/guards';

/**
 * `{hierarchy}/insights` (spec 1 §2.1) opens the first insights feature, in navigation order, that
 * the client has and the user may read; with none, the product home says why.
 */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/')({
  beforeLoad: ({ context }) => {
    const { scope } = context;
    const first = firstInsightsPath(scope.context.client.feature_flags, scope.permissions);
    if (!first) sayRefusal(TEXT.permissionDenied);
    throw redirect({ href: `/${scope.productPath}/${first ?? 'home'}`, replace: true });
  },
});
