import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { AUDIENCE_KIND_LABELS } from '@shared/rules/audience-kinds';
import { formatCount } from '@shared/rules/grow';
import { SegmentCatalogue } from '../../components/segment-catalogue/segment-catalogue';
import { insightErrorMessage } from '../../lib/insights-queries';
import { MEMBER_COLOURS } from './overlap-charts';
import { addMember, compareBlock, KIND_LABELS, memberKey, OVERLAP, OVERLAP_TEXT, type PickedMember } from './overlap-model';
import { pickableAudiencesQueryOptions, pickablePersonasQueryOptions } from './overlap-queries';

interface Props {
  context: string;
  region: string;
  name: string;
  members: readonly PickedMember[];
  onName(name: string): void;
  onMembers(members: PickedMember[]): void;
  /** "Compare": saves a new comparison or updates the open one. Absent when the user may not. */
  onCompare?: () => void;
  /** The open comparison's name: Compare updates it. */
  editing: string | null;
}

/**
 * The picker of 2 to 4 members (issue 16): saved audiences (lookalikes included), segments (the
 * region's catalogue) and personas; the picked ones as chips with a remove button; a name and
 * "Compare", which saves the comparison (or updates the open one).
 */
export function MemberPicker({ context, region, name, members, onName, onMembers, onCompare, editing }: Props) {
  const id = useId();
  const [tried, setTried] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // An open comparison shows its results first: adding is a click away.
  const [addOpen, setAddOpen] = useState(editing === null);
  const full = members.length >= OVERLAP.maxMembers;
  const block = compareBlock(name, members);
  const add = (member: PickedMember) => {
    if (full) return setNote(OVERLAP_TEXT.tooMany);
    setNote(null);
    onMembers(addMember(members, member));
  };
  const remove = (member: PickedMember) => {
    setNote(null);
    onMembers(members.filter((m) => memberKey(m) !== memberKey(member)));
  };
  const chosen = new Set(members.map(memberKey));

  return (
    <section className="overlap-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="overlap-section-title">{editing ? `Members of “${editing}”` : 'Pick 2 to 4 to compare'}</h2>
      <ul className="overlap-chips" aria-label="Members to compare">
        {members.map((m, i) => (
          <li key={memberKey(m)} className="overlap-chip" style={{ borderColor: MEMBER_COLOURS[i] }}>
            <span className="overlap-chip__kind">{KIND_LABELS[m.kind]}</span> {m.name}
            <button type="button" className="overlap-chip__remove" aria-label={`Remove ${m.name}`} onClick={() => remove(m)}>×</button>
          </li>
        ))}
        {members.length === 0 ? <li className="insight-note">Nothing picked yet.</li> : null}
      </ul>
      {note ? <p role="status" className="insight-note">{note}</p> : null}
      <details className="overlap-add" open={addOpen} onToggle={(e) => setAddOpen(e.currentTarget.open)}>
        <summary>Add audiences, segments or personas</summary>
        <Tabs.Root defaultValue="audiences">
          <Tabs.List className="tabs__list" aria-label="What to add">
            <Tabs.Trigger className="tabs__trigger" value="audiences">Audiences</Tabs.Trigger>
            <Tabs.Trigger className="tabs__trigger" value="segments">Segments</Tabs.Trigger>
            <Tabs.Trigger className="tabs__trigger" value="personas">Personas</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="audiences">
            <AudienceOptions context={context} chosen={chosen} full={full} onPick={add} />
          </Tabs.Content>
          <Tabs.Content value="segments">
            <SegmentCatalogue context={context} region={region} chosen={new Set(members.filter((m) => m.kind === 'segment').map((m) => m.id))} onPick={(s) => add({ kind: 'segment', id: s.id, name: s.name })} />
          </Tabs.Content>
          <Tabs.Content value="personas">
            <PersonaOptions context={context} chosen={chosen} full={full} onPick={add} />
          </Tabs.Content>
        </Tabs.Root>
      </details>
      {onCompare ? (
        <form
          className="overlap-compare"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!block) onCompare();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-name`}>Comparison name</label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={200}
              required
              aria-invalid={tried && name.trim() === ''}
              aria-describedby={tried && block ? `${id}-block` : undefined}
              onChange={(e) => onName(e.target.value)}
            />
          </div>
          {tried && block ? <p id={`${id}-block`} role="alert" className="field__error">{block}</p> : null}
          <button type="submit" className="button button--primary">Compare</button>
        </form>
      ) : null}
    </section>
  );
}

interface OptionsProps {
  context: string;
  chosen: ReadonlySet<string>;
  full: boolean;
  onPick(member: PickedMember): void;
}

function useFilter() {
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  return { q, setQ, matches: (name: string) => needle === '' || name.toLowerCase().includes(needle) };
}

function AudienceOptions({ context, chosen, full, onPick }: OptionsProps) {
  const list = useQuery(pickableAudiencesQueryOptions(context));
  const { q, setQ, matches } = useFilter();
  const shown = (list.data ?? []).filter((a) => matches(a.name));
  return (
    <div className="overlap-options">
      <input type="search" aria-label="Search audiences" placeholder="Search audiences" value={q} onChange={(e) => setQ(e.target.value)} />
      {list.isPending ? <p role="status">Loading…</p> : null}
      {list.isError && !list.data ? <p role="alert" className="insight-error">{insightErrorMessage(list.error)}</p> : null}
      <ul className="overlap-options__list" aria-label="Audiences">
        {shown.map((a) => {
          const ready = a.status === 'ready';
          const picked = chosen.has(memberKey({ kind: 'audience', id: a.id }));
          return (
            <li key={a.id}>
              <button type="button" className="overlap-option" disabled={!ready || picked || full} aria-label={`Add ${a.name}`} onClick={() => onPick({ kind: 'audience', id: a.id, name: a.name })}>
                <span>{a.name}</span>
                <span className="overlap-option__meta">
                  {AUDIENCE_KIND_LABELS[a.kind]} · {ready ? `${formatCount(a.people_count)} people` : 'Building…'}{picked ? ' · added' : ''}
                </span>
              </button>
            </li>
          );
        })}
        {list.data && shown.length === 0 ? <li className="insight-note">{q ? `No audience matches “${q}”.` : 'No saved audiences yet.'}</li> : null}
      </ul>
    </div>
  );
}

function PersonaOptions({ context, chosen, full, onPick }: OptionsProps) {
  const list = useQuery(pickablePersonasQueryOptions(context));
  const { q, setQ, matches } = useFilter();
  // The all-data persona is everyone: nothing to compare.
  const shown = (list.data ?? []).filter((p) => !p.is_all_data && p.identifiers !== null && matches(p.name));
  return (
    <div className="overlap-options">
      <input type="search" aria-label="Search personas" placeholder="Search personas" value={q} onChange={(e) => setQ(e.target.value)} />
      {list.isPending ? <p role="status">Loading…</p> : null}
      {list.isError && !list.data ? <p role="alert" className="insight-error">{insightErrorMessage(list.error)}</p> : null}
      <ul className="overlap-options__list" aria-label="Personas">
        {shown.map((p) => {
          const picked = chosen.has(memberKey({ kind: 'persona', id: p.id }));
          const invalid = p.deleted_segment_ids.length > 0;
          return (
            <li key={p.id}>
              <button type="button" className="overlap-option" disabled={picked || full || invalid} aria-label={`Add ${p.name}`} onClick={() => onPick({ kind: 'persona', id: p.id, name: p.name })}>
                <span>{p.name}</span>
                <span className="overlap-option__meta">Persona{invalid ? ' · names deleted segments' : ''}{picked ? ' · added' : ''}</span>
              </button>
            </li>
          );
        })}
        {list.data && shown.length === 0 ? <li className="insight-note">{q ? `No persona matches “${q}”.` : 'No personas yet.'}</li> : null}
      </ul>
    </div>
  );
}
