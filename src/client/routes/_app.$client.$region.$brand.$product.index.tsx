import { createFileRoute, redirect } from '@tanstack/react-router';

/** The bare product path goes to its home. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product/')({
  beforeLoad: ({ context }) => {
    throw redirect({ href: `/${context.scope.productPath}/home`, replace: true });
  },
});
