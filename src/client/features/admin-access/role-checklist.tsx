import type { PermissionSet } from '@shared/permissions';
import { permissionsWithin, USER_MESSAGES } from '@shared/rules/roles';
import type { AdminRole } from '@shared/schemas/roles';

interface Props {
  roles: readonly AdminRole[];
  selected: readonly number[];
  /** The caller's permissions: a role granting more cannot be given or taken away by them. */
  held: PermissionSet;
  onChange: (ids: number[]) => void;
}

/** The roles a user holds, one checkbox each; one the caller cannot give says why. */
export function RoleChecklist({ roles, selected, held, onChange }: Props) {
  return (
    <ul className="role-checklist">
      {[...roles].sort((a, b) => a.name.localeCompare(b.name)).map((role) => {
        const tooMuch = !permissionsWithin(role.permissions, held);
        return (
          <li key={role.id}>
            <label>
              <input
                type="checkbox" checked={selected.includes(role.id)} disabled={tooMuch}
                onChange={(e) => onChange(e.target.checked ? [...selected, role.id] : selected.filter((id) => id !== role.id))}
              /> {role.name}
            </label>
            {tooMuch ? <span className="access-form__note"> {USER_MESSAGES.cannotGiveRole(role.name)}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
