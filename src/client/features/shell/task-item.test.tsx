import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Task } from '@shared/schemas/notifications';
import { audienceTaskPath, TaskItem } from './task-item';

const task = (extra: Partial<Task>): Task => ({
  id: 5, report_type: 'index_report', status: 'completed', name: 'Fizz fans index report', ui_name: null, created_at: '2026-11-03T15:00:00Z',
  downloaded_at: null, read_at: null, product_slug: 'acme/us/fizz-cola/fizz-original', request_id: null, job_id: null, error: null, path: null, ...extra,
});
const render = (t: Task) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <TaskItem task={t} context="acme/us/fizz-cola/fizz-original" shown={false} onClose={() => undefined} />
    </QueryClientProvider>,
  );

describe('TaskItem', () => {
  it('shows a report in progress as IN-PROGRESS with a busy, disabled download', () => {
    const html = render(task({ status: 'processing', job_id: '00000000-0000-4000-8000-000000000001' }));
    expect(html).toContain('IN-PROGRESS: Fizz fans index report');
    expect(html).toMatch(/<button[^>]*aria-label="Download Fizz fans index report"[^>]*aria-busy="true"[^>]*disabled=""/);
    expect(html).toContain('class="spinner"');
    expect(html).not.toContain('task--new');
  });
  it('highlights a made report until it is downloaded, with its date as MM/dd/yy', () => {
    const html = render(task({}));
    expect(html).toContain('class="task task--new"');
    expect(html).toMatch(/<button[^>]*aria-busy="false"[^>]*>Download<\/button>/);
    expect(html).not.toContain('disabled');
    expect(html).toMatch(/<time dateTime="2026-11-03T15:00:00Z">11\/0[34]\/26<\/time>/);
    expect(render(task({ downloaded_at: '2026-11-04T10:00:00Z' }))).toContain('class="task"');
  });
  it('says why a report failed and offers no download', () => {
    const html = render(task({ status: 'failed', error: 'The region has no data yet.', read_at: '2026-11-04T10:00:00Z' }));
    expect(html).toContain('Failed: The region has no data yet.');
    expect(html).not.toContain('Download');
    expect(render(task({ status: 'failed' }))).toContain('Failed: The report could not be made.');
  });
  it('opens a built lookalike at its page, not one being built or failed', () => {
    const path = '/acme/us/fizz-cola/fizz-original/audiences/overview/lookalike/7';
    expect(audienceTaskPath({ report_type: 'lookalike', status: 'completed', path })).toBe(path);
    expect(audienceTaskPath({ report_type: 'lookalike', status: 'processing', path })).toBeNull();
    expect(audienceTaskPath({ report_type: 'lookalike', status: 'failed', path })).toBeNull();
    expect(audienceTaskPath({ report_type: 'index_report', status: 'completed', path })).toBeNull();
    expect(render(task({ report_type: 'lookalike', status: 'failed', name: 'Lookalike Fans could not be built', ui_name: 'Fans' }))).toContain('Lookalike Fans could not be built');
  });
});
