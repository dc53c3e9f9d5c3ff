import { can } from '@shared/permissions';
import type { ProductScope } from '../../lib/guards';
import type { AudienceBuilderProps } from './audience-builder';

/** What the builder needs of the route's scope: the context, the region and the permissions its saves need (spec 3 §6). */
export function builderScopeProps(scope: ProductScope): Pick<AudienceBuilderProps, 'productPath' | 'region' | 'can'> {
  return {
    productPath: scope.productPath,
    region: scope.context.region?.slug ?? '',
    can: {
      audiencesCreate: can(scope.permissions, 'audiences', 'create'),
      exploreCreate: can(scope.permissions, 'explore', 'create'),
      exploreUpdate: can(scope.permissions, 'explore', 'update'),
      motivationCreate: can(scope.permissions, 'request_motivation_audiences', 'create'),
    },
  };
}
