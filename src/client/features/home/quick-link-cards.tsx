import type { PermissionSet } from '@shared/permissions';
import { resolveCards, showWelcomeCard, type ResolvedCard } from '@shared/rules/cards';
import type { ResolvedContext } from '@shared/rules/context';
import { AppLink } from '../../components/app-link';
import { useDataAvailability } from '../../lib/data-queries';

interface Props {
  context: ResolvedContext;
  productPath: string | null;
  permissions: PermissionSet;
  canAccessAudiences: boolean;
}

/** Quick-link cards of spec 1 §2.4 / §5 (cards need a product in context). */
export function QuickLinkCards({ context, productPath, permissions, canAccessAudiences }: Props) {
  // The navigation asks the same query: one set of calls answers both.
  const availability = useDataAvailability(context);
  const { client } = context;
  const cards: ResolvedCard[] = productPath
    ? resolveCards({
        flags: client.feature_flags,
        permissions,
        availability,
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
