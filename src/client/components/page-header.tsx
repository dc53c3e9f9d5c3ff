import type { ReactNode } from 'react';

/** The one h1 of a page, with optional actions beside it. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-header__actions">{children}</div> : null}
    </header>
  );
}
