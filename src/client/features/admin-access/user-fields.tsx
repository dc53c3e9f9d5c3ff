import { useId } from 'react';
import type { PermissionSet } from '@shared/permissions';
import { EMAIL_MAX, USER_NAME_MAX, type RuleIssue, type UserField } from '@shared/rules/roles';
import type { AdminRole } from '@shared/schemas/roles';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { HierarchyChecklist } from './hierarchy-checklist';
import type { SlugNode } from './hierarchy-tree-model';
import { RoleChecklist } from './role-checklist';

export interface UserValues {
  first_name: string;
  last_name: string;
  email: string;
  role_ids: number[];
  slugs: string[];
}

interface Props {
  values: UserValues;
  issues: readonly RuleIssue<UserField>[];
  /** An existing user's email is who they log in as: shown, not changed. */
  emailReadOnly: boolean;
  roles: readonly AdminRole[];
  held: PermissionSet;
  tree: readonly SlugNode[];
  mayGiveAll: boolean;
  onChange: (values: UserValues) => void;
}

/** A user's names, email, roles and hierarchy slugs, with the shared rules' messages. */
export function UserFields({ values, issues, emailReadOnly, roles, held, tree, mayGiveAll, onChange }: Props) {
  const id = useId();
  const messageOf = (field: UserField) => issues.filter((i) => i.field === field).map((i) => i.message).join(' ');
  const set = <K extends keyof UserValues>(key: K, value: UserValues[K]) => onChange({ ...values, [key]: value });
  const text = (field: 'first_name' | 'last_name' | 'email', label: string, max: number, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`} type={type} value={values[field]} maxLength={max * 2} readOnly={field === 'email' && emailReadOnly}
        autoComplete="off" onChange={(e) => set(field, e.target.value)} {...fieldErrorProps(id, field, messageOf(field))}
      />
      <FieldError id={id} field={field} message={messageOf(field)} />
    </div>
  );
  return (
    <>
      <div className="access-form__names">
        {text('first_name', 'First name', USER_NAME_MAX)}
        {text('last_name', 'Last name', USER_NAME_MAX)}
      </div>
      {text('email', 'Email', EMAIL_MAX, 'email')}
      <fieldset className="field" {...fieldErrorProps(id, 'role_ids', messageOf('role_ids'))}>
        <legend>Roles</legend>
        <RoleChecklist roles={roles} selected={values.role_ids} held={held} onChange={(ids) => set('role_ids', ids)} />
        <FieldError id={id} field="role_ids" message={messageOf('role_ids')} />
      </fieldset>
      <fieldset className="field" {...fieldErrorProps(id, 'slugs', messageOf('slugs'))}>
        <legend>Hierarchy access</legend>
        <HierarchyChecklist tree={tree} selected={values.slugs} mayGiveAll={mayGiveAll} onChange={(slugs) => set('slugs', slugs)} />
        <FieldError id={id} field="slugs" message={messageOf('slugs')} />
      </fieldset>
    </>
  );
}
