import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announcesEntity } from '../../src/contract/entities/announce';
import { groupsEntity } from '../../src/contract/entities/group';
import { usersEntity } from '../../src/contract/entities/user';
import { sampleAnnounces } from '../../src/ui/announces/announce.fixtures';
import { sampleUsers } from '../../src/ui/users/user.fixtures';
import { machinesOver } from './support/entity-demo';
import { createFakeBackend } from './support/entity-fake-backend';
import { renderApp } from './support/render-app';

type Row = { id: number; [field: string]: unknown };

/** Announces, users and groups in memory; a created announce echoes what was sent. */
function backend() {
  return createFakeBackend({
    announces: {
      contract: announcesEntity,
      rows: structuredClone(sampleAnnounces) as unknown as Row[],
      create: (body, id) => ({ ...sampleAnnounces[1]!, ...body, id, users: [], domains: [] }) as unknown as Row,
    },
    users: { contract: usersEntity, rows: structuredClone(sampleUsers) as unknown as Row[] },
    domains: { contract: groupsEntity, rows: [] },
  });
}

function renderAt(path: string) {
  const server = backend();
  let app: ReturnType<typeof renderApp> | undefined;
  app = renderApp(path, { machines: machinesOver(server.http, () => app) });
  return { ...app, server };
}

describe('announce form', () => {
  it('refuses a poll without recipients and answers (section 5), then sends the normalised payload', async () => {
    const app = renderAt('/announces/add');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
    await app.user.type(name, 'Hall paint');
    await app.user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Which colour?');
    await app.user.type(screen.getByRole('textbox', { name: 'Text' }), 'Tell us.');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'poll');
    // Remove both empty answers: a poll then has neither answers nor a custom response.
    await app.user.click(screen.getByRole('button', { name: 'Remove answer 2' }));
    await app.user.click(screen.getByRole('button', { name: 'Remove answer 1' }));
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Choose at least one recipient')).toBeInTheDocument();
    expect(screen.getByText('Needs answers or a custom response')).toBeInTheDocument();
    expect(await screen.findByText('Check fields data')).toBeInTheDocument();
    expect(app.server.calls.some((c) => c.method === 'PUT')).toBe(false);

    await app.user.click(screen.getByRole('button', { name: 'Add an answer' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Answer 1' }), ' Sand ');
    await app.user.click(screen.getByRole('button', { name: 'Add an answer' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Answer 2' }), 'Sage green');
    await app.user.click(screen.getByRole('checkbox', { name: 'Several answers may be chosen' }));
    await app.user.click(screen.getByRole('button', { name: 'Choose: Users' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose users' });
    await app.user.click(await within(picker).findByRole('checkbox', { name: /Rita Resident/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.type(screen.getByLabelText('Start at'), '2030-05-01T09:30');
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Send by' }), 'push');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(app.server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = app.server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/announces');
    expect(put.body).toEqual({
      name: 'Hall paint',
      description: null,
      subject: 'Which colour?',
      body: 'Tell us.',
      type: 'poll',
      type_info: {
        questions: ['Sand', 'Sage green'],
        poll_multi_answers_allowed: true,
        poll_user_answer_allowed: false,
      },
      send_via: 'push',
      use_owner_info: false,
      users: [4],
      domains: [],
      execute_at: new Date('2030-05-01T09:30').toISOString(),
    });
    await waitFor(() => expect(app.location().pathname).toBe('/announces'));
  });

  it('shows a started announce read-only, with its state and no Approve', async () => {
    renderAt('/announces/3/edit');
    expect(
      await screen.findByText('A started announcement can no longer be changed.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Answer 1' })).toHaveValue('Sand');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    const state = screen.getByRole('region', { name: 'State' });
    expect(within(state).getByText('Started')).toBeInTheDocument();
    expect(within(state).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });
});
