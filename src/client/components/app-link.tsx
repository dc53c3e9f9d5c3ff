import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { NavTarget } from '@shared/rules/navigation';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { target?: never; to: NavTarget | string };

/** A link to a computed path (router navigation) or an external page (new tab). */
export function AppLink({ to, onClick, children, ...rest }: Props) {
  const router = useRouter();
  const target: NavTarget = typeof to === 'string' ? { kind: 'internal', path: to } : to;
  if (target.kind === 'external') {
    return (
      <a {...rest} href={target.url} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
      </a>
    );
  }
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href: target.path });
  };
  return (
    <a {...rest} href={target.path} onClick={handle}>
      {children}
    </a>
  );
}
