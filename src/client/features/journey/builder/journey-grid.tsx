import { useState } from 'react';
import {
  addBrand, addStage, brandActions, brandColour, canAddBrand, canAddStage, cellAt, cellPosition, deleteBrand, deleteStage, JOURNEY_TEXT,
  moveBrand, moveStage, orderedBrands, orderedStages, renameBrand, renameStage, setStageIcon, stageActions, type ItemId, type JourneyDraft,
} from '@shared/rules/journey';
import { temporaryId } from '../../../lib/offline/outbox-store';
import { ItemMenu } from './item-menu';
import { ItemName } from './item-name';
import { JourneyCell } from './journey-cell';
import { StageIconPicker } from './stage-icon-picker';
import type { KnownSegments } from './journey-builder';

interface Props {
  draft: JourneyDraft;
  known: KnownSegments;
  discussions: ReadonlyMap<number, string>;
  onChange: (draft: JourneyDraft) => void;
  /** A brand or stage name field was left, with the draft as it is then. */
  onNameLeft: (kind: 'brand' | 'stage', draft: JourneyDraft) => void;
  onEditCell: (brand: ItemId, stage: ItemId) => void;
}

/**
 * The builder's grid (spec 3 §2.4): stages are columns, brands are rows, one cell each. Stage
 * headers carry the '+' to insert a stage before or after (while fewer than 10), the icon and
 * the stage menu; brand headers the brand's colour and menu; Add Brand while fewer than 4.
 */
export function JourneyGrid({ draft, known, discussions, onChange, onNameLeft, onEditCell }: Props) {
  const [editing, setEditing] = useState<{ kind: 'brand' | 'stage'; id: ItemId } | null>(null);
  const brands = orderedBrands(draft.brands);
  const stages = orderedStages(draft.stages);
  const isEditing = (kind: 'brand' | 'stage', id: ItemId) => editing?.kind === kind && String(editing.id) === String(id);
  const done = (kind: 'brand' | 'stage') => {
    setEditing(null);
    onNameLeft(kind, draft);
  };
  const addStageAt = (at: number) => onChange(addStage(draft, at, temporaryId));

  return (
    <section className="journey-grid" aria-label="Journey grid">
      <div className="journey-grid__scroll">
        <table className="journey-grid__table">
          <thead>
            <tr>
              <th scope="col" className="journey-grid__corner"><span className="visually-hidden">Brands by stages</span></th>
              {stages.map((stage, column) => (
                <th key={stage.id} scope="col" className="journey-grid__stage" aria-label={stage.name.trim() || `Stage ${column + 1}`}>
                  <div className="journey-grid__head">
                    {canAddStage(draft) ? <button type="button" className="button button--ghost journey-grid__add" aria-label={`Add stage before ${stage.name}`} title="Add a stage before" onClick={() => addStageAt(column)}>+</button> : null}
                    <ItemName kind="stage" name={stage.name} editing={isEditing('stage', stage.id)} onRename={(name) => onChange(renameStage(draft, stage.id, name))} onDone={() => done('stage')} />
                    <ItemMenu
                      kind="stage" name={stage.name} actions={stageActions(draft, stage.id)}
                      onEditName={() => setEditing({ kind: 'stage', id: stage.id })}
                      onMove={(direction) => onChange(moveStage(draft, stage.id, direction === 'back' ? 'left' : 'right'))}
                      onDelete={() => onChange(deleteStage(draft, stage.id))}
                    />
                    {canAddStage(draft) ? <button type="button" className="button button--ghost journey-grid__add" aria-label={`Add stage after ${stage.name}`} title="Add a stage after" onClick={() => addStageAt(column + 1)}>+</button> : null}
                  </div>
                  <StageIconPicker stageName={stage.name} icon={stage.icon} onChange={(icon) => onChange(setStageIcon(draft, stage.id, icon))} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {brands.map((brand, row) => (
              <tr key={brand.id}>
                <th scope="row" className="journey-grid__brand" aria-label={brand.name.trim() || `Brand ${row + 1}`}>
                  <div className="journey-grid__head">
                    <span className="journey-grid__swatch" style={{ background: brandColour(row) }} aria-hidden="true" />
                    <ItemName kind="brand" name={brand.name} editing={isEditing('brand', brand.id)} onRename={(name) => onChange(renameBrand(draft, brand.id, name))} onDone={() => done('brand')} />
                    <ItemMenu
                      kind="brand" name={brand.name} actions={brandActions(draft, brand.id)}
                      onEditName={() => setEditing({ kind: 'brand', id: brand.id })}
                      onMove={(direction) => onChange(moveBrand(draft, brand.id, direction === 'back' ? 'up' : 'down'))}
                      onDelete={() => onChange(deleteBrand(draft, brand.id))}
                    />
                  </div>
                </th>
                {stages.map((stage) => (
                  <td key={stage.id} className="journey-grid__cell">
                    <JourneyCell
                      position={cellPosition(draft, brand.id, stage.id)} brandName={brand.name} stageName={stage.name}
                      cell={cellAt(draft.sub_markets, brand.id, stage.id)} known={known} discussions={discussions}
                      onEdit={() => onEditCell(brand.id, stage.id)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canAddBrand(draft) ? <button type="button" className="button button--secondary journey-grid__add-brand" onClick={() => onChange(addBrand(draft, temporaryId))}>{JOURNEY_TEXT.addBrand}</button> : null}
    </section>
  );
}
