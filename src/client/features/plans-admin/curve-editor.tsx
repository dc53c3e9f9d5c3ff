import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { canApply, CURVE_TEXT, type CurveRowField } from '@shared/rules/curves';
import type { ContextSlugs } from '@shared/rules/context';
import type { CreateCurvesResult, Curve, CurveInput } from '@shared/schemas/plans';
import { ActionAlert } from '../../components/action-alert';
import { BlockableButton } from '../../components/blockable-button';
import { fieldErrors, isApiError } from '../../lib/api-error';
import { errorToast, successToast } from '../../lib/ui-store';
import { CurveModeSwitch } from './curve-mode-switch';
import { applyCurves, curveKeys, deleteCurve } from './curve-queries';
import { afterApply, applyBody, hasRefusals, initialEditorState, newRow, withField, withFirstRow, type CurveEditorState, type CurveMode, type EditedRow } from './curve-rows';
import { CurveTable } from './curve-table';
import { GenericMediaPicker } from './generic-media-picker';

/** Spec 2 §9: 'Curves saved!' shows for 3 s. */
const SAVED_MS = 3_000;
const DESTRUCTIVE_THROTTLE_MS = 5_000;
export const OFFLINE_CURVES = 'Curves are saved on the server: you are offline.';

interface Props {
  context: ContextSlugs;
  /** The product's curves as loaded: the editor starts from them. */
  curves: readonly Curve[];
  library: readonly Curve[];
  typeNames: readonly string[];
  isTrp: (typeName: string) => boolean;
  online: boolean;
  mayDelete: boolean;
}

const failureLines = (error: unknown): string[] =>
  isApiError(error) ? [error.message, ...Object.values(fieldErrors(error))] : [CURVE_TEXT.networkError];

/**
 * The curves of the product (spec 2 §2, §4, §5, §8): generic curves for the ticked media types,
 * or uploaded ones typed in the table; Apply makes them the product's curves.
 */
export function CurveEditor({ context, curves, library, typeNames, isTrp, online, mayDelete }: Props) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CurveEditorState>(() => initialEditorState(curves));
  const [showAll, setShowAll] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState<EditedRow | null>(null);

  const setRows = (change: (rows: EditedRow[]) => EditedRow[]) => setState((s) => ({ ...s, rows: withFirstRow(change(s.rows)) }));
  const updateRow = (key: number, change: (r: EditedRow) => EditedRow) => setRows((rows) => rows.map((r) => (r.key === key ? change(r) : r)));

  const apply = useMutation({
    mutationFn: ({ body }: { body: CurveInput[]; mode: CurveMode }) => applyCurves(context, body),
    meta: { handlesErrors: true },
    onSuccess: (result: CreateCurvesResult, { body, mode }) => {
      queryClient.setQueryData(curveKeys.list(context), result.curves);
      setState((s) => afterApply(s, mode, body.map((c) => c.media_type), result));
      if (hasRefusals(result)) errorToast(CURVE_TEXT.someNotSaved);
      else successToast(CURVE_TEXT.saved, undefined, SAVED_MS);
    },
    onError: (error) => setFailure(failureLines(error)),
  });

  const remove = useMutation({
    mutationFn: (row: EditedRow) => deleteCurve(context, row.id!),
    meta: { handlesErrors: true },
    onSuccess: (_void, row) => {
      queryClient.setQueryData<Curve[]>(curveKeys.list(context), (old) => old?.filter((c) => c.id !== row.id));
      setRows((rows) => rows.filter((r) => r.key !== row.key));
      successToast(CURVE_TEXT.deleted);
    },
    onError: (error, row) => {
      const said = isApiError(error) ? error.message : CURVE_TEXT.networkError;
      updateRow(row.key, (r) => ({ ...r, messages: [...r.messages, said] }));
      errorToast(CURVE_TEXT.wrong);
    },
  });

  const rows = state.rows.map((r) => r.row);
  const applyBlock = !online
    ? OFFLINE_CURVES
    : apply.isPending
      ? 'Saving the curves…'
      : state.mode === null
        ? `Choose ${CURVE_TEXT.useGeneric} or ${CURVE_TEXT.upload}.`
        : canApply(state.mode, rows, state.selectedMedia)
          ? null
          : state.mode === 'generic'
            ? 'Tick at least one media type.'
            : 'Every row needs a valid curve: see the messages in the table.';

  const deleteBlock = (row: EditedRow): string | null => {
    if (row.id === null) return null;
    if (!online) return OFFLINE_CURVES;
    if (!mayDelete) return 'You do not have permission to delete curves.';
    return remove.isPending && remove.variables?.key === row.key ? 'Deleting…' : null;
  };

  const onDelete = (row: EditedRow) => {
    if (row.id === null) setRows((all) => all.filter((r) => r.key !== row.key));
    else setDeleting(row);
  };

  return (
    <div className="curve-editor">
      <CurveModeSwitch mode={state.mode} onMode={(mode) => setState((s) => ({ ...s, mode }))} />
      {state.mode === 'generic' ? (
        <GenericMediaPicker library={library} selected={state.selectedMedia} messages={state.genericMessages} onChange={(selectedMedia) => setState((s) => ({ ...s, selectedMedia }))} />
      ) : null}
      {state.mode === 'upload' ? (
        <CurveTable
          rows={state.rows}
          showAll={showAll}
          typeNames={typeNames}
          isTrp={isTrp}
          onField={(key, field: CurveRowField, value) => updateRow(key, (r) => ({ ...r, row: withField(r.row, field, value) }))}
          onTouch={(key, field) => updateRow(key, (r) => (r.touched[field] ? r : { ...r, touched: { ...r.touched, [field]: true } }))}
          onAdd={() => setState((s) => ({ ...s, rows: [...s.rows, newRow()] }))}
          deleteBlock={deleteBlock}
          onDelete={onDelete}
        />
      ) : null}
      {state.mode === null ? <p className="subtitle">{`Choose ${CURVE_TEXT.useGeneric} or ${CURVE_TEXT.upload}.`}</p> : null}
      <div className="curve-editor__actions">
        <BlockableButton
          block={applyBlock}
          className="button button--primary"
          onRefused={() => setShowAll(true)}
          onClick={() => state.mode && apply.mutate({ body: applyBody(state), mode: state.mode })}
        >
          {CURVE_TEXT.apply}
        </BlockableButton>
      </div>
      {failure ? (
        <ActionAlert title={CURVE_TEXT.unableToImport} message="The curves were not saved." uses={{ label: 'Errors', items: failure }} onClose={() => setFailure(null)} />
      ) : null}
      {deleting ? (
        <ActionAlert
          title={`Delete the ${deleting.row.media_type || 'unnamed'} curve?`}
          message="The saved curve is deleted from this product at once."
          onClose={() => setDeleting(null)}
          confirm={{
            label: 'Delete',
            throttleMs: DESTRUCTIVE_THROTTLE_MS,
            onConfirm: () => {
              remove.mutate(deleting);
              setDeleting(null);
            },
          }}
        />
      ) : null}
    </div>
  );
}
