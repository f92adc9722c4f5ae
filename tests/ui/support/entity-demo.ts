import { groupsEntity } from '../../../src/contract/entities/group';
import { markersEntity } from '../../../src/contract/entities/marker';
import { rolesEntity } from '../../../src/contract/entities/role';
import { type User, usersEntity } from '../../../src/contract/entities/user';
import type { Permission } from '../../../src/contract/permissions';
import { sessionFixtures } from '../../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import type { CallFailure } from '../../../src/machines/session/session.types';
import { composeAreas } from '../../../src/services/areas/areas';
import type { Http } from '../../../src/services/http';
import { sampleMarkers } from '../../../src/ui/markers/marker.fixtures';
import { sampleRoles } from '../../../src/ui/roles/role.fixtures';
import { sampleUsers } from '../../../src/ui/users/user.fixtures';
import { createFakeBackend, type FakeCall, type FakeTable } from './entity-fake-backend';
import { renderApp } from './render-app';

type Row = { id: number; [field: string]: unknown };

const group = (id: number, name: string, parent_id: number | null) => ({
  id,
  name,
  description: null,
  parent_id,
  domain_type_id: 1,
  type: null,
  logic_address: null,
  parent_lft: id,
  parent_rgt: id + 1,
});

/** The demo project's users, roles, markers and groups in an in-memory backend (plus `tables` of other areas). */
export function demoBackend(
  extra: Record<string, (call: FakeCall) => unknown> = {},
  tables: Record<string, FakeTable> = {},
) {
  const groups = [group(1, 'Riverside Residence', null), group(2, 'Building A', 1), group(3, 'Unit 101', 2)];
  const roles = structuredClone(sampleRoles) as unknown as Row[];
  const markers = structuredClone(sampleMarkers) as unknown as Row[];
  const pick = (rows: Row[], ids: unknown) =>
    rows
      .filter((r) => (ids as number[] | undefined)?.includes(r.id))
      .map((r) => ({ id: r.id, name: r.name, ...(r.color ? { color: r.color } : {}) }));
  const roleRef = (id: unknown) => {
    const role = roles.find((r) => r.id === id);
    return role ? { id: role.id, name: String(role.name) } : { id: 0, name: '?' };
  };
  const users = structuredClone(sampleUsers) as unknown as Row[];
  const duplicateLogin = (body: Record<string, unknown>, id: number | null): CallFailure | null =>
    users.some((u) => u.login === body.login && u.id !== id)
      ? { code: 'value not unique', status: 422, fields: { login: { code: 'not_unique' } } }
      : null;
  const toUser = (base: User, body: Record<string, unknown>): User => ({
    ...base,
    ...(body as Partial<User>),
    role: body.role_id !== undefined ? roleRef(body.role_id) : base.role,
    domains: body.domains ? (pick(groups as unknown as Row[], body.domains) as User['domains']) : base.domains,
    markers: body.markers ? (pick(markers, body.markers) as User['markers']) : base.markers,
    profile: { ...base.profile, ...(body.profile as object) },
  });
  return createFakeBackend(
    {
      users: {
        contract: usersEntity,
        rows: users,
        refuse: duplicateLogin,
        create: (body, id) =>
          toUser({ ...sampleUsers[1]!, id, activated_at: null, avatar_url: null }, body) as unknown as Row,
        patch: (row, body) => toUser(row as unknown as User, body) as unknown as Row,
      },
      roles: {
        contract: rolesEntity,
        rows: roles,
        create: (body, id) =>
          ({
            ...body,
            id,
            is_admin: false,
            users_count: 0,
            created_by_user: null,
            available_roles: pick(roles, body.available_roles),
            description: body.description ?? null,
          }) as Row,
        patch: (row, body) => ({ ...row, ...body, available_roles: pick(roles, body.available_roles) }),
      },
      markers: {
        contract: markersEntity,
        rows: markers,
        create: (body, id) => ({ ...body, id, users_count: 0, created_by_user: null }) as Row,
      },
      domains: { contract: groupsEntity, rows: groups as unknown as Row[] },
      ...tables,
    },
    extra,
  );
}

/** A logged-in session whose role holds only `permissions`. */
function sessionWith(permissions: Permission[]) {
  const { context, value } = sessionFixtures.ready;
  const profile = { ...context.profile!, role: { ...context.profile!.role, permissions } };
  return sessionMachine.resolveState({ value, context: { ...context, profile } });
}

/**
 * The whole console at `path` with every area's real page machines over the
 * demo backend (the root actors frozen); alerts reach the app's alerts actor.
 */
export function renderWithBackend(path: string, backend = demoBackend(), permissions?: Permission[]) {
  let app: ReturnType<typeof renderApp> | undefined;
  app = renderApp(path, {
    machines: machinesOver(backend.http, () => app),
    actors: permissions ? { session: sessionWith(permissions) } : undefined,
  });
  return { ...app, backend };
}

/** Every area's page machines over a fake transport, reaching the rendered app's alerts and session. */
export function machinesOver(http: Http, rendered: () => ReturnType<typeof renderApp> | undefined) {
  return composeAreas({
    http,
    showAlert: (alert) => rendered()?.refs.alerts.send({ type: 'alert.show', ...alert }),
    session: () => rendered()?.refs.session,
    app: () => rendered()?.refs.app,
  });
}
