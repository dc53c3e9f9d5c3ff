import * as z from 'zod/mini';

/** Every resource the permission matrix knows (spec 1 §6, 2 §6, 3 §6). */
export const RESOURCES = [
  // insights and outcomes
  'explore',
  'request_motivation_audiences',
  'comparisons',
  'mekkos',
  'journeys',
  'customer_value',
  'site_visitation',
  'best_customer',
  'customer_attrition',
  'buyer_retention',
  'outcomes',
  'outcome_timeframes',
  'index_report',
  'audiences',
  'ams_activation',
  'molecula_access',
  'report_task_admin',
  'toolbox_client_configuration',
  'curves',
  'plans',
  // administration
  'clients',
  'regions',
  'brands',
  'products',
  'upload',
  'upload_mekkos',
  'upload_surveys',
  'upload_discussions',
  'upload_journeys',
  'upload_personas',
  'roles',
  'users',
  'impersonation',
  'id_env_product_slugs',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['create', 'read', 'update', 'destroy'] as const;
export type Action = (typeof ACTIONS)[number];

/** Resources that belong to administration; never granted to non-admin demo roles. */
export const ADMIN_RESOURCES: readonly Resource[] = [
  'clients',
  'regions',
  'brands',
  'products',
  'upload',
  'upload_mekkos',
  'upload_surveys',
  'upload_discussions',
  'upload_journeys',
  'upload_personas',
  'roles',
  'users',
  'impersonation',
  'id_env_product_slugs',
  'report_task_admin',
  'curves',
];

export const actionsSchema = z.object({
  create: z.boolean(),
  read: z.boolean(),
  update: z.boolean(),
  destroy: z.boolean(),
});
export type Actions = z.infer<typeof actionsSchema>;

/** The caller's permission set: resource -> actions. Missing resources mean no access. */
export const permissionSetSchema = z.record(z.string(), actionsSchema);
export type PermissionSet = Partial<Record<Resource, Actions>>;

export function can(set: PermissionSet | undefined, resource: Resource, action: Action): boolean {
  return set?.[resource]?.[action] === true;
}
