import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireContext } from '../lib/guards';
import { storage } from '../lib/storage';

/** The product scope: the context guard for all four levels, remembered for /home. */
export const Route = createFileRoute('/_app/$client/$region/$brand/$product')({
  beforeLoad: ({ context, params }) => {
    const resolved = requireContext(context.hierarchy, params, 4);
    storage.setLastContext(params);
    const productPath = `${params.client}/${params.region}/${params.brand}/${params.product}`;
    return { resolved, scope: { context: resolved, productPath, permissions: context.permissions } };
  },
  component: Outlet,
});
