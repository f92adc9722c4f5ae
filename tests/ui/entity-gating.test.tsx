import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../src/contract/call';
import { announcesEntity } from '../../src/contract/entities/announce';
import { conversationsEntity } from '../../src/contract/entities/conversation';
import { emergencyAlertsEntity } from '../../src/contract/entities/emergency-alert';
import { forwardGroupsEntity, forwardRuleSetsEntity } from '../../src/contract/entities/forward-rule';
import { markersEntity } from '../../src/contract/entities/marker';
import { rolesEntity } from '../../src/contract/entities/role';
import { sipNumbersEntity } from '../../src/contract/entities/sip-number';
import { sipTrunksEntity } from '../../src/contract/entities/sip-trunk';
import { usersEntity } from '../../src/contract/entities/user';
import type { EntityContract } from '../../src/contract/entity';
import { entityCallKeys, isCallKey } from '../../src/contract/entity-access';
import { CALLS } from '../../src/contract/http';
import type { Permission } from '../../src/contract/permissions';
import { sampleAnnounces } from '../../src/ui/announces/announce.fixtures';
import { sampleConversations } from '../../src/ui/conversations/conversation.fixtures';
import { sampleAlerts } from '../../src/ui/emergency/alert.fixtures';
import { sampleForwardGroups, sampleRuleSets } from '../../src/ui/forward-rules/forward.fixtures';
import { sampleTrunks } from '../../src/ui/sip-trunks/sip-trunk.fixtures';
import { sampleSipNumbers } from '../../src/ui/virtual-numbers/sip-number.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';

type Row = { id: number; [field: string]: unknown };
const rows = (items: readonly unknown[]) => structuredClone(items) as Row[];
const LOAD = { timeout: 5000 };

/** Every entity with a page, over one in-memory backend. */
function backend() {
  return demoBackend(
    {},
    {
      sipNumbers: { contract: sipNumbersEntity, rows: rows(sampleSipNumbers) },
      forwardRuleSets: { contract: forwardRuleSetsEntity, rows: rows(sampleRuleSets) },
      forwardGroups: { contract: forwardGroupsEntity, rows: rows(sampleForwardGroups) },
      sipTrunks: { contract: sipTrunksEntity, rows: rows(sampleTrunks) },
      conversations: { contract: conversationsEntity, rows: rows(sampleConversations) },
      announces: { contract: announcesEntity, rows: rows(sampleAnnounces) },
      emergencyAlerts: { contract: emergencyAlertsEntity, rows: rows(sampleAlerts) },
    },
  );
}

/** How a page opens an existing item for editing, and a value its loaded form shows. */
type EditBy = { path: string; shows: string } | { row: string; shows: string };

interface EntityPage {
  entity: EntityContract;
  list: string;
  /** The list's Add button. */
  add: string;
  edit?: EditBy;
}

const PAGES: EntityPage[] = [
  { entity: usersEntity, list: '/users', add: 'Add user', edit: { path: '/users/4/edit', shows: 'Rita' } },
  { entity: rolesEntity, list: '/roles', add: 'Add role', edit: { path: '/roles/2/edit', shows: 'staff' } },
  { entity: markersEntity, list: '/markers', add: 'Add marker', edit: { row: 'VIP', shows: 'VIP' } },
  // /groups is a tree with row menus, not a table: tests/ui/groups-page.test.tsx checks its gating.
  {
    entity: sipNumbersEntity,
    list: '/virtual-numbers',
    add: 'Add number',
    edit: { path: '/virtual-numbers/4/edit', shows: '100011' },
  },
  {
    entity: sipTrunksEntity,
    list: '/sip-trunks',
    add: 'Add trunk',
    edit: { path: '/sip-trunks/1/edit', shows: 'City PSTN' },
  },
  {
    entity: forwardRuleSetsEntity,
    list: '/forward-rules',
    add: 'Add rule set',
    edit: { path: '/forward-rules/1/edit', shows: 'Concierge desk' },
  },
  {
    entity: forwardGroupsEntity,
    list: '/forward-rules?tab=groups',
    add: 'Add forward group',
    edit: { path: '/forward-rules/1/edit?tab=groups', shows: 'Unanswered to concierges' },
  },
  { entity: conversationsEntity, list: '/conversations', add: 'New conversation' },
  {
    entity: announcesEntity,
    list: '/announces',
    add: 'New announcement',
    edit: { path: '/announces/4/edit', shows: 'Water' },
  },
  {
    entity: emergencyAlertsEntity,
    list: '/emergency-alerts',
    add: 'New alert',
    edit: { path: '/emergency-alerts/2/edit', shows: 'Flood in the car park' },
  },
];

const allowing = (key: string): readonly Permission[] => (isCallKey(key) ? (permissionsOf(CALLS[key]) ?? []) : []);

/**
 * One permission that allows the call `key` and none of the `others`, taken
 * from the end of the declaration's list: a view that gates with a shorter
 * literal list of its own misses it. None when the call is not declared.
 */
function grantFor(key: string, others: string[]): Permission[] {
  const excluded = new Set(others.flatMap(allowing));
  const candidates = allowing(key).filter((p) => !excluded.has(p));
  const last = candidates[candidates.length - 1];
  return last ? [last] : [];
}

function rolesOf(entity: EntityContract) {
  const { list, create, patch, remove } = entityCallKeys(entity);
  const viewer = grantFor(list, [create, patch, remove]);
  return {
    viewer,
    creator: [...viewer, ...grantFor(create, [patch, remove])],
    manager: [...viewer, ...grantFor(patch, [create]), ...grantFor(remove, [create])],
  };
}

const rowCheckboxes = () => screen.queryAllByRole('checkbox', { name: /^Select / });

async function listShown(page: EntityPage, permissions: Permission[]) {
  const app = renderWithBackend(page.list, backend(), permissions);
  await screen.findByRole('table', undefined, LOAD);
  await waitFor(() => expect(screen.queryAllByRole('row').length).toBeGreaterThan(1), LOAD);
  return app;
}

async function editShown(page: EntityPage, edit: EditBy, permissions: Permission[]) {
  if ('path' in edit) renderWithBackend(edit.path, backend(), permissions);
  else {
    const app = await listShown(page, permissions);
    const row = screen.getByRole('row', { name: edit.row });
    await app.user.click(within(row).getAllByRole('button')[0]!);
  }
  await screen.findAllByDisplayValue(edit.shows, { exact: false }, LOAD);
}

describe('entity pages follow the call declarations (6.1)', () => {
  describe.each(PAGES.map((page) => [page.list, page] as const))('%s', (_, page) => {
    const roles = rolesOf(page.entity);

    it('a role that may only list sees no Add, no row selection and no Approve', async () => {
      await listShown(page, roles.viewer);
      expect(screen.queryByRole('button', { name: page.add })).not.toBeInTheDocument();
      expect(rowCheckboxes()).toHaveLength(0);
      if (page.edit) {
        cleanup();
        await editShown(page, page.edit, roles.viewer);
        expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
      }
    });

    it("the create call's permission shows Add, and nothing more", async () => {
      await listShown(page, roles.creator);
      expect(screen.getByRole('button', { name: page.add })).toBeInTheDocument();
      expect(rowCheckboxes()).toHaveLength(0);
    });

    it("the edit and delete calls' permissions show row selection and Approve, not Add", async () => {
      await listShown(page, roles.manager);
      expect(screen.queryByRole('button', { name: page.add })).not.toBeInTheDocument();
      expect(rowCheckboxes().length).toBeGreaterThan(0);
      if (page.edit) {
        cleanup();
        await editShown(page, page.edit, roles.manager);
        expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
      }
    });
  });

  it("the user page's commands and licence card follow their own calls and rule", async () => {
    // users.edit_profile allows PATCH and the avatar calls, not the password or the invitation.
    renderWithBackend('/users/4/edit', backend(), ['users.view', 'users.edit_profile']);
    await screen.findAllByDisplayValue('Rita', { exact: false }, LOAD);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send registration link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Licences' })).not.toBeInTheDocument();
    cleanup();

    renderWithBackend('/users/4/edit', backend(), ['users.view_all', 'users.edit_all', 'users.view_licences']);
    await screen.findAllByDisplayValue('Rita', { exact: false }, LOAD);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send registration link' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Licences' })).toBeInTheDocument();
  });
});
