import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  canDeleteNode, checkNode, DISCUSSION_COLUMNS, DISCUSSION_RULES, DISCUSSION_TEXT, DISCUSSION_TIMING,
} from '@shared/rules/discussions';
import type { ContextSlugs } from '@shared/rules/context';
import { UPLOAD_LIMITS } from '@shared/rules/uploads';
import type { DiscussionNode, DiscussionUploadResult } from '@shared/schemas/discussions';
import { ERROR_CODES } from '@shared/schemas/error';
import { BlockableButton } from '../../components/blockable-button';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { SlideInPanel } from '../../components/slide-in-panel';
import { apiDownload } from '../../lib/api-download';
import { isApiError } from '../../lib/api-error';
import type { UploadProgress } from '../../lib/api-upload';
import { useOnline } from '../../lib/offline/freshness';
import { errorToast, successToast } from '../../lib/ui-store';
import { UploadErrorsPanel } from '../../components/upload-errors-panel';
import { DISCUSSIONS_PATH, deleteNode, discussionKeys, saveNode, uploadBubbles } from './discussion-queries';

interface Props {
  context: ContextSlugs;
  /** The node edited, or null for a new one. */
  node: DiscussionNode | null;
  /** The library as last read: the drawer shows its node as it now is (after an upload, say). */
  nodes: readonly DiscussionNode[];
  onClose: () => void;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The Create/Edit Cluster drawer (spec 2 §2, §4 "Discussions drawer", §5, §8, §9): name,
 * description, the three steps, the rules; Save saves the node and, with a file chosen, uploads
 * its word bubbles; Delete (edit only) is refused while the node is used; Cancel closes after
 * the drawer's delay.
 */
export function DiscussionDrawer({ context, node, nodes, onClose }: Props) {
  const formId = useId();
  const fileId = useId();
  const queryClient = useQueryClient();
  const online = useOnline();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(node?.name ?? '');
  const [description, setDescription] = useState(node?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [showRules, setShowRules] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<DiscussionUploadResult | null>(null);
  // The node as saved: a new one has its id once its first save succeeded (a file in error keeps the drawer open).
  const [savedAs, setSaved] = useState<DiscussionNode | null>(node);
  const saved = savedAs ? nodes.find((n) => n.id === savedAs.id) ?? savedAs : null;
  const [deleteThrottled, setDeleteThrottled] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errorsAt = useRef<HTMLDivElement>(null);
  const rulesAt = useRef<HTMLElement>(null);
  useEffect(() => () => {
    if (closing.current) clearTimeout(closing.current);
  }, []);

  const issues = checkNode({ name, description });
  const refresh = () => queryClient.invalidateQueries({ queryKey: discussionKeys.all });

  const save = useMutation({
    mutationFn: async () => {
      const fields = { name: name.trim(), description: description.trim() };
      const changed = !saved || saved.name !== fields.name || saved.description !== fields.description;
      const current = changed ? await saveNode(context, saved?.id ?? null, fields) : saved;
      setSaved(current);
      if (!file) return { node: current, upload: null };
      try {
        return { node: current, upload: await uploadBubbles(context, current.id, file, setProgress) };
      } catch (error) {
        // The node is saved; the file was refused: the server's message says why.
        throw Object.assign(new Error('upload'), { uploadError: error });
      }
    },
    onSettled: () => setProgress(null),
    onSuccess: async ({ upload }) => {
      await refresh();
      if (!upload) {
        successToast(DISCUSSION_TEXT.saveComplete, undefined, DISCUSSION_TIMING.successMs);
        onClose();
        return;
      }
      if (upload.errors.length > 0) {
        setResult(upload);
        setFile(null);
        // In a laptop's window the panel starts below the steps.
        requestAnimationFrame(() => errorsAt.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
        if (fileInput.current) fileInput.current.value = '';
        successToast(DISCUSSION_TEXT.complete, DISCUSSION_TEXT.errorsNotice, DISCUSSION_TIMING.successMs);
        return;
      }
      successToast(DISCUSSION_TEXT.complete, undefined, DISCUSSION_TIMING.successMs);
      onClose();
    },
    onError: (error: unknown) => {
      const uploadError = (error as { uploadError?: unknown }).uploadError;
      if (uploadError !== undefined) {
        void refresh();
        errorToast(isApiError(uploadError) ? uploadError.message : DISCUSSION_TEXT.saveFailed, undefined, DISCUSSION_TIMING.uploadFailedMs);
        return;
      }
      if (isApiError(error) && (error.code === ERROR_CODES.conflict || error.code === ERROR_CODES.validation)) setNameError(error.message);
      errorToast(DISCUSSION_TEXT.saveFailed, undefined, DISCUSSION_TIMING.saveFailedMs);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteNode(context, saved!.id),
    onSuccess: async () => {
      await refresh();
      successToast(DISCUSSION_TEXT.deleted(saved!.name), undefined, DISCUSSION_TIMING.successMs);
      onClose();
    },
    onError: async () => {
      await refresh();
      errorToast(DISCUSSION_TEXT.saveFailed, undefined, DISCUSSION_TIMING.deleteFailedMs);
    },
  });

  const choose = (chosen: File | undefined) => {
    setResult(null);
    if (!chosen) return setFile(null);
    if (chosen.size > UPLOAD_LIMITS.bytes) {
      errorToast(`${chosen.name} is ${mb(chosen.size)}; an upload may be at most ${mb(UPLOAD_LIMITS.bytes)}.`, undefined, DISCUSSION_TIMING.uploadFailedMs);
      if (fileInput.current) fileInput.current.value = '';
      return setFile(null);
    }
    setFile(chosen);
  };

  const download = async () => {
    const path = saved ? `${DISCUSSIONS_PATH}/${saved.id}/template?format=xls` : `${DISCUSSIONS_PATH}/template?format=xls`;
    try {
      await apiDownload(path, `${DISCUSSION_TEXT.templateName}.xls`, { context });
    } catch (error) {
      errorToast(isApiError(error) ? error.message : 'The template could not be downloaded. Please try again.', undefined, DISCUSSION_TIMING.uploadFailedMs);
    }
  };

  const cancel = () => {
    if (closing.current) return;
    closing.current = setTimeout(onClose, DISCUSSION_TIMING.drawerCancelMs);
  };

  const busy = save.isPending || remove.isPending;
  const used = saved ? !canDeleteNode(saved) : false;
  return (
    <SlideInPanel title={saved ? DISCUSSION_TEXT.editTitle : DISCUSSION_TEXT.createTitle} widthPx={650} onClose={cancel}>
      <form
        id={formId}
        className="discussion-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (issues.name || issues.description) return setNameError(issues.name ?? null);
          save.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${formId}-name`}>Name</label>
          <input
            id={`${formId}-name`}
            value={name}
            maxLength={200}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            onBlur={() => setNameError(issues.name ?? null)}
            {...fieldErrorProps(formId, 'name', nameError)}
          />
          <FieldError id={formId} field="name" message={nameError} />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-description`}>Description</label>
          <textarea id={`${formId}-description`} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} {...fieldErrorProps(formId, 'description', issues.description)} />
          <FieldError id={formId} field="description" message={issues.description} />
        </div>
        <ol className="upload-steps upload-steps--compact">
          <li className="upload-step">
            <h2>Download template</h2>
            <p>{saved ? `${DISCUSSION_TEXT.templateName} with this cluster's ${saved.discussion_clusters.length} word bubbles.` : `A blank ${DISCUSSION_TEXT.templateName}.`}</p>
            <button type="button" className="button button--secondary" onClick={() => void download()} disabled={!online}>Download template (.xls)</button>
          </li>
          <li className="upload-step">
            <h2>Edit</h2>
            <p>Open it in a spreadsheet program that reads .xls: one row per word bubble, then save it as .xls.</p>
          </li>
          <li className="upload-step">
            <h2>Upload edited file</h2>
            <label htmlFor={fileId}>File</label>
            <input id={fileId} ref={fileInput} type="file" accept=".xls,application/vnd.ms-excel,.xlsx,.csv" disabled={busy || !online} onChange={(e) => choose(e.target.files?.[0])} />
            {file ? <p className="subtitle">{`${file.name} is uploaded when you save.`}</p> : null}
            {progress ? (
              <p role="status">{progress.phase === 'sending' ? `Sending ${file?.name ?? 'the file'}: ${progress.total ? Math.round((progress.sent / progress.total) * 100) : 0}%` : 'Reading the file and replacing the word bubbles…'}</p>
            ) : null}
          </li>
        </ol>
        <div ref={errorsAt}>{result ? <UploadErrorsPanel errors={result.errors} more={result.data.more_errors} /> : null}</div>
        <button
          type="button"
          className="button button--ghost discussion-form__rules-toggle"
          aria-expanded={showRules}
          onClick={() => {
            setShowRules((s) => !s);
            // On a laptop's 768 px the rules open below the fold: brought up above the action bar.
            if (!showRules) requestAnimationFrame(() => rulesAt.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
          }}
        >
          {showRules ? 'Hide Rules' : 'Show Rules'}
        </button>
        {showRules ? (
          <section ref={rulesAt} className="upload-rules" aria-label="Rules">
            <ul>{DISCUSSION_RULES.map((rule) => <li key={rule}>{rule}</li>)}</ul>
            <ul className="upload-columns">
              {DISCUSSION_COLUMNS.map((c) => <li key={c.letter}><strong>{c.letter}</strong>{` ${c.header}${c.required ? '' : ' (optional: Reachable People, 0-100)'}`}</li>)}
            </ul>
          </section>
        ) : null}
        <div className="slide-in__actions">
          <button type="submit" className="button button--primary" disabled={busy || !online || name.trim() === '' || !!issues.description}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          {saved ? (
            <BlockableButton
              className="button button--danger"
              block={used ? DISCUSSION_TEXT.inUse : busy || deleteThrottled || !online ? 'Please wait.' : null}
              onClick={() => {
                setDeleteThrottled(true);
                setTimeout(() => setDeleteThrottled(false), DISCUSSION_TIMING.destructiveThrottleMs);
                remove.mutate();
              }}
            >
              Delete
            </BlockableButton>
          ) : null}
          <button type="button" className="button button--secondary" onClick={cancel}>Cancel</button>
        </div>
      </form>
    </SlideInPanel>
  );
}
