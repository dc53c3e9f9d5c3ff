import { useQueries } from '@tanstack/react-query';
import { HEALTH_SERVICES, healthOkSchema } from '@shared/schemas/health';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';

/** A failed check or any answer but {data:"OK"} counts as an error. */
function check(path: string): Promise<boolean> {
  return api(path, healthOkSchema, { context: null }).then(
    () => true,
    () => false,
  );
}

/** Status of the gateway and each service; anything but OK shows "Error" in red (spec 1 §2.10). */
export function HealthPage() {
  const results = useQueries({
    queries: HEALTH_SERVICES.map((s) => ({
      queryKey: ['health', s.key],
      queryFn: () => check(s.path),
      staleTime: 0,
      meta: { handlesErrors: true },
    })),
  });
  return (
    <div className="page">
      <PageHeader title="Health" />
      <table className="data-table health-table">
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {HEALTH_SERVICES.map((s, i) => {
            const r = results[i];
            const status = r?.isPending ? 'Checking…' : r?.data ? 'OK' : 'Error';
            return (
              <tr key={s.key}>
                <th scope="row">{s.label}</th>
                <td className={status === 'Error' ? 'status status--error' : 'status'}>{status}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
