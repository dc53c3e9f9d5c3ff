import type { PermissionSet } from '@shared/permissions';
import { resolveCards, showWelcomeCard, type ResolvedCard } from '@shared/rules/cards';
import type { Client } from '@shared/schemas/hierarchy';
import { AppLink } from '../../components/app-link';

// Data-availability checks arrive with the analysis pages; until then nothing is available.
const AVAILABILITY = { bestCustomer: false, customerAttrition: false, siteVisitation: false };

interface Props {
  client: Client;
  productPath: string | null;
  permissions: PermissionSet;
  canAccessAudiences: boolean;
}

/** Quick-link cards of spec 1 §2.4 / §5 (cards need a product in context). */
export function QuickLinkCards({ client, productPath, permissions, canAccessAudiences }: Props) {
  const cards: ResolvedCard[] = productPath
    ? resolveCards({
        flags: client.feature_flags,
        permissions,
        availability: AVAILABILITY,
        context: { productPath, companyId: client.conversant_company_id },
      })
    : [];
  if (showWelcomeCard(cards.length, canAccessAudiences)) {
    return (
      <section className="cards" aria-label="Quick links">
        <article className="card card--welcome">
          <h2 className="card__title">Welcome</h2>
          <p>Choose a client, region, brand and product above to start exploring your insights.</p>
        </article>
      </section>
    );
  }
  if (cards.length === 0) return null;
  return (
    <section className="cards" aria-label="Quick links">
      {cards.map((card) => (
        <article key={card.id} className="card">
          <h2 className="card__title">{card.title}</h2>
          <p>{card.body}</p>
          <div className="card__actions">
            {card.actions.map((a) => (
              <AppLink key={a.label} to={a.target} className="button button--secondary">
                {a.label}
              </AppLink>
            ))}
          </div>
        </article>
      ))}
    </section>
  );
}
