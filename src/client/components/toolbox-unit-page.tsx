import { useState } from 'react';
import { TEXT } from '@shared/constants';
import type { ToolboxUnit } from '@shared/schemas/toolbox';
import { PageHeader } from './page-header';

/** An iframed toolbox unit inside the product, with its loading screen (spec 1 §2.11). */
export function ToolboxUnitPage({ unit }: { unit: ToolboxUnit }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="page page--full">
      <PageHeader title={unit.name} />
      {loaded ? null : <p role="status">{TEXT.toolboxLoading}</p>}
      <iframe className="toolbox-frame" title={unit.name} src={unit.url} onLoad={() => setLoaded(true)} />
    </div>
  );
}
