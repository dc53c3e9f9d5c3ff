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
  audiencesOpen: boolean;
  flags: FeatureFlags;
  permissions: PermissionSet;
}

/** "Your Recent Audience Activity": the Audiences tab, and the Activations tab when there are activations (spec 1 §2.4). */
export function RecentActivity({ productPath, audiencesOpen, flags, permissions }: Props) {
  // A failure is logged and reads as no activations (spec 1 §8): the tab is simply not there.
  const recent = useQuery({ ...recentActivationsQueryOptions(productPath ?? ''), enabled: checkArea('ams', flags, permissions).ok && productPath !== null });
  const activations = recent.data?.data ?? [];
  const activationsTab = productPath !== null && showActivationsTab(flags, permissions, activations.length);
  if (!audiencesOpen && !activationsTab) return null;
  return (
    <section className="recent-activity" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">{TEXT.recentActivity}</h2>
      <Tabs.Root defaultValue={audiencesOpen ? 'audiences' : 'activations'}>
        <Tabs.List className="tabs__list" aria-label={TEXT.recentActivity}>
          {audiencesOpen ? <Tabs.Trigger className="tabs__trigger" value="audiences">Audiences</Tabs.Trigger> : null}
          {activationsTab ? <Tabs.Trigger className="tabs__trigger" value="activations">Activations</Tabs.Trigger> : null}
        </Tabs.List>
        {audiencesOpen ? (
          <Tabs.Content className="tabs__content" value="audiences">
            <AudiencesTable productPath={productPath} />
          </Tabs.Content>
        ) : null}
        {activationsTab && productPath ? (
          <Tabs.Content className="tabs__content" value="activations">
            <ActivationsTable productPath={productPath} activations={activations} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </section>
  );
}
