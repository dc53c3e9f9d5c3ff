import { Tabs } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { AudiencesTable } from './audiences-table';

/** "Your Recent Audience Activity": the Audiences tab (Activations arrive with AMS). */
export function RecentActivity({ productPath }: { productPath: string | null }) {
  return (
    <section className="recent-activity" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">{TEXT.recentActivity}</h2>
      <Tabs.Root defaultValue="audiences">
        <Tabs.List className="tabs__list" aria-label={TEXT.recentActivity}>
          <Tabs.Trigger className="tabs__trigger" value="audiences">Audiences</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs__content" value="audiences">
          <AudiencesTable productPath={productPath} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
