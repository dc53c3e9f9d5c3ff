import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { TEXT } from '@shared/constants';
import type { PermissionSet } from '@shared/permissions';
import { checkArea, type FeatureFlags } from '@shared/rules/access';
import { showActivationsTab } from '@shared/rules/activations';
import { recentActivationsQueryOptions } from '../../lib/activation-queries';
import { ActivationsTable } from './activations-table';
import { AudiencesTable } from './audiences-table';

interface Props {
  productPath: string | null;
  flags: FeatureFlags;
  permissions: PermissionSet;
}

/**
 * "Your Recent Audience Activity" (shown with audiences access): the Audiences tab, and the
 * Activations tab when there are activations (spec 1 §2.4).
 */
export function RecentActivity({ productPath, flags, permissions }: Props) {
  // A failure is logged and reads as no activations (spec 1 §8): the tab is simply not there.
  const recent = useQuery({ ...recentActivationsQueryOptions(productPath ?? ''), enabled: checkArea('ams', flags, permissions).ok && productPath !== null });
  useEffect(() => {
    if (recent.error) console.warn('Recent activations could not be read', recent.error);
  }, [recent.error]);
  const activations = recent.data?.data ?? [];
  const activationsTab = productPath !== null && showActivationsTab(flags, permissions, activations.length);
  return (
    <section className="recent-activity" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">{TEXT.recentActivity}</h2>
      <Tabs.Root defaultValue="audiences">
        <Tabs.List className="tabs__list" aria-label={TEXT.recentActivity}>
          <Tabs.Trigger className="tabs__trigger" value="audiences">Audiences</Tabs.Trigger>
          {activationsTab ? <Tabs.Trigger className="tabs__trigger" value="activations">Activations</Tabs.Trigger> : null}
        </Tabs.List>
        <Tabs.Content className="tabs__content" value="audiences">
          <AudiencesTable productPath={productPath} />
        </Tabs.Content>
        {activationsTab && productPath ? (
          <Tabs.Content className="tabs__content" value="activations">
            <ActivationsTable productPath={productPath} activations={activations} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </section>
  );
}
