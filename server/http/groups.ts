import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { BranchQuerySchema, CompletelyQuerySchema } from '../../src/contract/entities/group-structure';
import { ERROR_CODES } from '../../src/contract/errors';
import { issuesToFieldErrors } from '../../src/contract/validation';
import type { AppContext } from '../context';
import { previewGeneratedGroups, saveGeneratedGroups } from '../domain/generate-groups';
import { GROUP_WRITE_PERMISSIONS, loadGroupAccess, VIEW_PERMISSIONS } from '../domain/group-access';
import { floorsAndApartments, listBranch, listCompletely } from '../domain/group-queries';
import { authOf, requirePermission } from './auth';
import { HttpError, itemNotFound } from './http-error';
import { defineRoute } from './route';

/** A query string through a contract schema; a bad value is 400 `wrong parameters` naming the field. */
export function parseQuery<S extends v.GenericSchema>(schema: S, query: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, query ?? {});
  if (parsed.success) return parsed.output;
  throw new HttpError(400, { message: ERROR_CODES.wrongParameters, errors: issuesToFieldErrors(parsed.issues) });
}

/** The `{id}` of a path; anything but a positive integer names no group (404). */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, string | undefined>)[name];
  const id = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw itemNotFound();
  return id;
}

/**
 * Group calls of 7.3 beyond the generic resource routes: the whole tree, the
 * branch, floors and apartments, and generate-groups. Scoped by 6.2.
 */
export async function groupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const view = requirePermission(...VIEW_PERMISSIONS);
  const create = requirePermission('domains.create_root', 'domains.create_descendants');

  defineRoute(app, 'GET /domains/items/completely', {
    guard: view,
    handler: async ({ request }) => ({
      data: await listCompletely(ctx.db, authOf(request), parseQuery(CompletelyQuerySchema, request.query)),
    }),
  });

  defineRoute(app, 'GET /domains/branch', {
    guard: view,
    handler: async ({ request }) => {
      const access = await loadGroupAccess(ctx.db, authOf(request));
      return { data: await listBranch(ctx.db, access, parseQuery(BranchQuerySchema, request.query)) };
    },
  });

  defineRoute(app, 'GET /domains/{id}/floors-and-apartments', {
    guard: view,
    handler: async ({ request }) => {
      const access = await loadGroupAccess(ctx.db, authOf(request));
      return { data: await floorsAndApartments(ctx.db, access, idParam(request)) };
    },
  });

  defineRoute(app, 'POST /domains/generate/tree', {
    guard: create,
    handler: async ({ request, body }) => {
      const access = await loadGroupAccess(ctx.db, authOf(request));
      return { data: await previewGeneratedGroups(ctx.db, access, body) };
    },
  });

  defineRoute(app, 'POST /domains/generate/save', {
    guard: create,
    handler: async ({ request, body }) => {
      const access = await loadGroupAccess(ctx.db, authOf(request));
      return { data: await saveGeneratedGroups(ctx.db, access, body) };
    },
  });
}

/** Callers who read domain types besides system.view_domain_types: whoever creates or edits groups. */
export const DOMAIN_TYPE_READERS = ['system.view_domain_types', ...GROUP_WRITE_PERMISSIONS] as const;
