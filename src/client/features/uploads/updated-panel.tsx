import type { UploaderKey } from '@shared/rules/uploads';
import type { UpdatedJourney, UpdatedMarket, UpdatedWidget, UploadResult } from '@shared/schemas/uploads';

type Updated = UploadResult['data']['updated'][number];

/** One updated item in the spec's words (spec 2 §3 "Updated-item result lists"). */
function UpdatedItem({ uploader, item }: { uploader: UploaderKey; item: Updated }) {
  if (uploader === 'grow') {
    const m = item as UpdatedMarket;
    return (
      <li>
        <strong>{m.mekko_name}</strong>{' › '}{m.name}
        <ul>{m.sub_markets.map((s) => <li key={s.name}>{s.name}</li>)}</ul>
      </li>
    );
  }
  if (uploader === 'journeys') {
    const j = item as UpdatedJourney;
    return (
      <li>
        <strong>{j.journey_name}</strong>{' › '}{j.brand.name}
        <ul>{j.stages.map((s) => <li key={s.name}>{s.name}</li>)}</ul>
      </li>
    );
  }
  const w = item as UpdatedWidget;
  return (
    <li>
      <strong>{w.tab_name}</strong>{' › '}{w.name}
      <ul>{w.demo_attributes.map((a) => <li key={a}>{a}</li>)}</ul>
    </li>
  );
}

const WHAT: Record<UploaderKey, string> = { grow: 'Updated charts, markets and audiences', journeys: 'Updated journeys and stages', explore: 'Updated widgets' };

/** What the upload changed, as the server listed it. */
export function UpdatedPanel({ uploader, result }: { uploader: UploaderKey; result: UploadResult['data'] }) {
  return (
    <section className="upload-panel" aria-labelledby="upload-updated-title">
      <h2 id="upload-updated-title">{WHAT[uploader]}</h2>
      <p className="subtitle">{`${result.applied.toLocaleString('en-US')} of ${result.rows.toLocaleString('en-US')} rows applied`}</p>
      {result.updated.length === 0 ? <p>Nothing was changed.</p> : <ul className="upload-updated">{result.updated.map((item, i) => <UpdatedItem key={i} uploader={uploader} item={item} />)}</ul>}
    </section>
  );
}
