import type { JobQueue } from './jobs/types';
import type { Action, PermissionSet, Resource } from '@shared/permissions';
import type { Feature, FeatureFlags } from '@shared/rules/access';
import type { DataSource } from '@shared/schemas/auth';
import type { Config } from './config';
import type { Database } from './db/client';
import type { DataManager } from './engine/data-manager';

/** Who may call a route: every route declares one (the auth plugin refuses routes that don't). */
export type RouteAccess =
  | 'public'
  | 'session'
  | 'admin'
  | {
      resource: Resource;
      action: Action;
      /** Further grants the route needs as well (the upload pages: `upload` CRUD and the uploader's own, spec 2 §6). */
      also?: readonly { resource: Resource; action: Action }[];
      /** Other grants any one of which opens the route instead (a read several screens make: discussion nodes). */
      or?: readonly { resource: Resource; action: Action }[];
    };

/** How a route uses X-Context: 'client' and 'product' require it, 'optional' checks it when sent. */
export type RouteContext = 'optional' | 'client' | 'region' | 'product';

export interface AuthUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  loginUserId: string | null;
  lionLogin: string | null;
  oktaLogin: string | null;
  roles: { id: number; name: string }[];
}

export interface RequestAuth {
  tokenHash: string;
  /** The user the session acts as (the viewed user while impersonating). */
  user: AuthUser;
  /** The administrator behind an impersonation. */
  parentUser: AuthUser | null;
  csrfToken: string;
  dataSource: DataSource;
  permissions: PermissionSet;
  isAdmin: boolean;
  /** The acting user's hierarchy grants (slug prefixes, or '*'). */
  hierarchySlugs: string[];
  /** hierarchy_version at the time of the request, for the hierarchy cache. */
  hierarchyVersion: number;
}

export interface RequestContext {
  clientId: number;
  clientSlug: string;
  /** The client's feature flags, from the cached hierarchy the context was resolved in. */
  featureFlags: FeatureFlags;
  regionId?: number;
  regionSlug?: string;
  brandId?: number;
  brandSlug?: string;
  productId?: number;
  productSlug?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    context?: RouteContext;
    /** The client feature the route needs (spec 3 §6): without it, 403 whatever the role. */
    feature?: Feature;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    ctx: RequestContext | null;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The count engine's data sources and each client region's data state. */
    data: DataManager;
    /** The durable job queue (jobs/queue.ts): send, read and cancel jobs. */
    jobs: JobQueue;
  }
}
