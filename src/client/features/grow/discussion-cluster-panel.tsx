import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { parseContextHeader } from '@shared/rules/context';
import { checkBubbles, checkNode, DISCUSSION_COLUMNS, DISCUSSION_LIMITS, DISCUSSION_TEXT, DISCUSSION_TIMING } from '@shared/rules/discussions';
import { GROW } from '@shared/rules/grow';
import type { UploadIssue } from '@shared/rules/uploads';
import type { DiscussionNode } from '@shared/schemas/discussions';
import { ERROR_CODES } from '@shared/schemas/error';
import { AppLink } from '../../components/app-link';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { WordBubbles } from '../../components/insights/word-bubbles';
import { SlideInPanel } from '../../components/slide-in-panel';
import { SafeMessage } from '../../components/upload-errors-panel';
import { isApiError } from '../../lib/api-error';
import { discussionKeys, discussionNodesQueryOptions, saveNode } from '../../lib/discussion-queries';
import { useOnline } from '../../lib/offline/freshness';
import { errorToast, successToast } from '../../lib/ui-store';

interface Props {
  context: string;
  /** The node to open, or null to choose one (or make a new one). */
  nodeId: number | null;
  /** The bulk discussions uploader (spec 3 §2.2). */
  bulkHref: string;
  onClose: () => void;
}

/** A word bubble as typed: text in every field until the rules read it. */
interface BubbleRow {
  key: number;
  name: string;
  theme: string;
  reach: string;
  size: string;
}

const NEW = 'new';
const FIELDS = ['name', 'theme', 'reach', 'size'] as const;
const LABELS = { name: 'Bubble', theme: 'Theme', reach: 'Reachable People (%)', size: 'Size (1-100)' } as const;

let nextKey = 0;
const rowsOf = (node: DiscussionNode | undefined): BubbleRow[] =>
  (node?.discussion_clusters ?? []).map((b) => ({ key: nextKey++, name: b.name, theme: b.theme, reach: b.reach === null ? '' : String(b.reach), size: String(b.size) }));
const blankRow = (): BubbleRow => ({ key: nextKey++, name: '', theme: '', reach: '', size: '' });

/** The rules' issues by bubble (index) and field: bubble n is row n + 2 of the rules, columns A-D its fields. */
function issuesByCell(issues: readonly UploadIssue[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const issue of issues) {
    const field = FIELDS[DISCUSSION_COLUMNS.findIndex((c) => c.letter === issue.column)] ?? 'name';
    const key = `${(issue.row ?? 2) - 2}:${field}`;
    out.set(key, [...(out.get(key) ?? []), issue.message]);
  }
  return out;
}

/**
 * Grow's discussion cluster form (spec 3 §2.2, 650 wide; issue 30): a cluster's name, description
 * and word bubbles typed in place, checked by the same rules as an uploaded file, with the bubbles
 * drawn as they will show; or a new cluster. Many bubbles at once come from the bulk uploader,
 * which the form links to.
 */
export function DiscussionClusterPanel({ context, nodeId, bulkHref, onClose }: Props) {
  const formId = useId();
  const queryClient = useQueryClient();
  const online = useOnline();
  const nodes = useQuery(discussionNodesQueryOptions(context));
  const list = [...(nodes.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  const [chosen, setChosen] = useState<number | typeof NEW | null>(nodeId);
  const node = typeof chosen === 'number' ? list.find((n) => n.id === chosen) : undefined;
  // The fields are filled from the chosen node once it is known (the list may still be loading).
  const [loadedFor, setLoadedFor] = useState<number | typeof NEW | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [rows, setRows] = useState<BubbleRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverIssues, setServerIssues] = useState<UploadIssue[] | null>(null);
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const lastRow = useRef<HTMLInputElement>(null);
  if (chosen !== null && chosen !== loadedFor && (chosen === NEW || node)) {
    setLoadedFor(chosen);
    setName(node?.name ?? '');
    setDescription(node?.description ?? '');
    setRows(chosen === NEW ? [blankRow()] : rowsOf(node));
    setDirty(false);
    setTried(false);
    setServerIssues(null);
    setNameTaken(null);
  }

  const nodeIssues = checkNode({ name, description });
  const checked = checkBubbles(rows);
  const cellIssues = issuesByCell(serverIssues ?? (tried ? checked.issues : []));
  const preview = checked.bubbles.map((b, i) => ({ ...b, id: i }));
  const edit = (change: () => void) => {
    change();
    setDirty(true);
    setServerIssues(null);
  };
  const setCell = (key: number, field: (typeof FIELDS)[number], value: string) =>
    edit(() => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r))));

  const save = useMutation({
    mutationFn: () => saveNode(parseContextHeader(context), node?.id ?? null, {
      name: name.trim(),
      description: description.trim(),
      discussion_clusters: checked.bubbles,
    }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: discussionKeys.all });
      successToast(DISCUSSION_TEXT.saveComplete, `${saved.name}: ${saved.discussion_clusters.length} word bubbles.`, DISCUSSION_TIMING.successMs);
      onClose();
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.code === ERROR_CODES.conflict) setNameTaken(error.message);
      const errors = isApiError(error) ? (error.details as { errors?: UploadIssue[] } | undefined)?.errors : undefined;
      if (errors) setServerIssues(errors);
      errorToast(DISCUSSION_TEXT.saveFailed, undefined, DISCUSSION_TIMING.saveFailedMs);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nodeIssues.name || nodeIssues.description || checked.issues.length > 0) return;
    save.mutate();
  };

  const nameError = nameTaken ?? (tried || name !== (node?.name ?? '') ? nodeIssues.name : undefined) ?? null;
  const full = rows.length >= DISCUSSION_LIMITS.bubblesPerNode;
  return (
    <SlideInPanel title={chosen === NEW ? 'New discussion cluster' : node ? `Discussion cluster ${node.name}` : 'Discussion clusters'} widthPx={GROW.panelPx.discussionCluster} onClose={onClose}>
      <form id={formId} onSubmit={submit} noValidate className="grow-form discussion-cluster-form">
        <p className="subtitle">
          What consumers talk about, as word bubbles on the audiences and journey stages that use a cluster.
          {' '}For many clusters at once, <AppLink to={bulkHref}>bulk upload discussions</AppLink>.
        </p>
        <div className="field">
          <label htmlFor={`${formId}-node`}>Cluster</label>
          <select
            id={`${formId}-node`}
            value={chosen === null ? '' : String(chosen)}
            disabled={dirty}
            aria-describedby={dirty ? `${formId}-node-hint` : undefined}
            onChange={(e) => setChosen(e.target.value === NEW ? NEW : e.target.value === '' ? null : Number(e.target.value))}
          >
            {chosen === null ? <option value="">Choose a cluster</option> : null}
            {list.map((n) => <option key={n.id} value={String(n.id)}>{`${n.name} (ID ${n.id}, ${n.discussion_clusters.length} bubbles)`}</option>)}
            <option value={NEW}>New cluster…</option>
          </select>
          {dirty ? <p id={`${formId}-node-hint`} className="field__hint">Save or cancel this cluster's changes to open another.</p> : null}
          {nodes.isPending ? <p role="status">Loading discussion clusters</p> : null}
          {nodes.isError && !nodes.data ? <p role="alert">The discussion clusters could not be loaded. Check the network and try again.</p> : null}
          {typeof chosen === 'number' && nodes.data && !node ? <p role="alert">{DISCUSSION_TEXT.notFound}</p> : null}
        </div>
        {loadedFor !== null && loadedFor === chosen ? (
          <>
            <div className="field">
              <label htmlFor={`${formId}-name`}>Name</label>
              <input id={`${formId}-name`} value={name} maxLength={200} onChange={(e) => edit(() => { setName(e.target.value); setNameTaken(null); })} {...fieldErrorProps(formId, 'name', nameError)} />
              <FieldError id={formId} field="name" message={nameError} />
            </div>
            <div className="field">
              <label htmlFor={`${formId}-description`}>Description</label>
              <textarea id={`${formId}-description`} rows={2} value={description} onChange={(e) => edit(() => setDescription(e.target.value))} {...fieldErrorProps(formId, 'description', nodeIssues.description)} />
              <FieldError id={formId} field="description" message={nodeIssues.description} />
            </div>
            <fieldset className="bubble-rows">
              <legend>Word bubbles</legend>
              <table className="data-table bubble-rows__table">
                <thead>
                  <tr>
                    {FIELDS.map((f) => <th key={f} scope="col">{LABELS[f]}</th>)}
                    <th scope="col"><span className="visually-hidden">Remove</span></th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={row.key}>
                      {FIELDS.map((f) => {
                        const messages = cellIssues.get(`${i}:${f}`);
                        const errorId = `${formId}-${row.key}-${f}-error`;
                        return (
                          <td key={f}>
                            <input
                              ref={i === rows.length - 1 && f === 'name' ? lastRow : undefined}
                              aria-label={`${LABELS[f]}, bubble ${i + 1}`}
                              inputMode={f === 'reach' || f === 'size' ? 'decimal' : undefined}
                              value={row[f]}
                              onChange={(e) => setCell(row.key, f, e.target.value)}
                              {...(messages ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
                            />
                            {messages ? <p id={errorId} className="field__error">{messages.map((m) => <SafeMessage key={m} html={m} />)}</p> : null}
                          </td>
                        );
                      })}
                      <td>
                        <button type="button" className="button button--ghost" aria-label={`Remove bubble ${i + 1}${row.name ? ` ${row.name}` : ''}`} onClick={() => edit(() => setRows((rs) => rs.filter((r) => r.key !== row.key)))}>✕</button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {rows.length === 0 ? <p className="subtitle">No word bubbles: add one, or upload a file of them.</p> : null}
              <button
                type="button"
                className="button button--secondary"
                disabled={full}
                onClick={() => {
                  edit(() => setRows((rs) => [...rs, blankRow()]));
                  requestAnimationFrame(() => lastRow.current?.focus());
                }}
              >
                Add word bubble
              </button>
              {full ? <p className="field__hint">{DISCUSSION_TEXT.tooManyBubbles}</p> : null}
            </fieldset>
            {tried && checked.issues.length > 0 ? (
              <p role="alert" className="field__error">{`${checked.issues.length} ${checked.issues.length === 1 ? 'problem' : 'problems'} in the word bubbles: each is shown under its field.`}</p>
            ) : null}
            {preview.length > 0 ? <WordBubbles node={{ name: name.trim() || 'New cluster', discussion_clusters: preview }} minPx={32} maxPx={80} /> : null}
          </>
        ) : null}
        {online ? null : <p role="status" className="field__hint">Discussion clusters are saved on the server: Save comes back with the network.</p>}
        <div className="slide-in__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary" disabled={!online || save.isPending || loadedFor === null || loadedFor !== chosen || !!nodeIssues.name}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </SlideInPanel>
  );
}
