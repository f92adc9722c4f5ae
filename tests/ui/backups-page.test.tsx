import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Backup, backupsEntity } from '../../src/contract/entities/backup';
import { sampleBackup, samplePreview, sampleResult } from '../../src/machines/backup-restore/backup-restore.fixtures';
import type { CallFailure } from '../../src/machines/session/session.types';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

type Row = { id: number; [field: string]: unknown };

const uploaded: Backup = { ...sampleBackup, id: 20, name: 'From the old server', origin: 'uploaded' };
const safety: Backup = { ...sampleResult.safety_backup, id: 13 };

/** The demo backend plus backups: a stored, an uploaded and a safety backup; make, upload, preview, apply. */
function backupBackend(options: { previewFailure?: CallFailure } = {}) {
  const backend = demoBackend(
    {
      'POST /backups/make': (call: FakeCall) => {
        const body = call.body as { name: string; entities: string[] };
        const made = { ...sampleBackup, id: 30, name: body.name, entities: body.entities };
        backend.tables.backups!.rows.unshift(made as unknown as Row);
        return { data: made };
      },
      'POST /backups/restore': () => {
        const stored = { ...uploaded, id: 31, name: 'old.zip' };
        backend.tables.backups!.rows.push(stored as unknown as Row);
        return { data: stored };
      },
      'POST /backups/12/preview': () => ({ data: samplePreview }),
      'POST /backups/31/preview': () => {
        if (options.previewFailure) throw options.previewFailure;
        return { data: samplePreview };
      },
      'POST /backups/12/apply': () => ({ data: sampleResult }),
    },
    {
      backups: {
        contract: backupsEntity,
        rows: structuredClone([sampleBackup, uploaded, safety]) as unknown as Row[],
      },
    },
  );
  return backend;
}

const FIRST = { timeout: 10_000 };
const callsTo = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

describe('backups page', () => {
  it('lists the backups with what they hold, where they came from, when and by whom', async () => {
    renderWithBackend('/backups', backupBackend());
    const table = await screen.findByRole('table', { name: 'Backups' }, FIRST);
    const row = within(table).getByText('Before the spring works').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Settings, Groups, Roles, Users, Markers, Access rules and schedules, Identifiers');
    expect(row).toHaveTextContent('470.8 KB');
    expect(row).toHaveTextContent('Administrator');
    expect(row).toHaveTextContent('0028_backups');
    const safetyRow = within(table).getByText('Safety 2026-03-05 16:40').closest('tr') as HTMLElement;
    expect(safetyRow).toHaveTextContent('Safety backup');
    expect(safetyRow).toHaveTextContent('before restoring “Before the spring works”');
    expect(within(row).getByRole('button', { name: 'Download Before the spring works' })).toBeEnabled();
  });

  it('makes a backup of the chosen entities with a passphrase typed twice', async () => {
    const user = userEvent.setup();
    const app = renderWithBackend('/backups', backupBackend());
    await user.click(await screen.findByRole('button', { name: 'Make backup' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Make a backup' });
    const make = within(dialog).getByRole('button', { name: 'Make backup' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Everything' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Users' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Groups' }));
    await user.type(within(dialog).getByLabelText('Passphrase'), 'correct horse battery');
    await user.type(within(dialog).getByLabelText('Passphrase again'), 'correct horse');
    expect(within(dialog).getByText('The two passphrases differ.')).toBeInTheDocument();
    expect(make).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Passphrase again'), ' battery');
    await user.click(make);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Backup “Nightly” is ready.');
    const sent = callsTo(app.backend.calls, 'POST', '/backups/make');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      name: 'Nightly',
      entities: ['groups', 'users'],
      passphrase: 'correct horse battery',
      operation_id: expect.stringMatching(/^make-[\w-]+$/),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await within(screen.getByRole('table', { name: 'Backups' })).findByText('Nightly')).toBeInTheDocument();
  });

  it('restores a stored backup: preview, confirm, then the safety backup and the restore', async () => {
    const user = userEvent.setup();
    const app = renderWithBackend('/backups', backupBackend());
    await user.click(await screen.findByRole('button', { name: 'Restore Before the spring works' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Restore “Before the spring works”' });
    await user.type(within(dialog).getByLabelText('Passphrase of this backup'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const changes = await within(dialog).findByRole('table', { name: 'Restoring this backup would change:' });
    expect(within(changes).getByRole('row', { name: 'Users 2 5 1' })).toBeInTheDocument();
    expect(callsTo(app.backend.calls, 'POST', '/backups/12/preview')[0]?.body).toMatchObject({
      passphrase: 'correct horse battery',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Replace the current data?')).toBeInTheDocument();
    // Nothing is written before the confirmation.
    expect(callsTo(app.backend.calls, 'POST', '/backups/12/apply')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Restore now' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('The backup is restored.');
    expect(within(dialog).getByText('Safety backup made first: “Safety 2026-03-05 16:40”.')).toBeInTheDocument();
    expect(callsTo(app.backend.calls, 'POST', '/backups/12/apply')[0]?.body).toMatchObject({
      passphrase: 'correct horse battery',
      operation_id: expect.stringMatching(/^restore-/),
    });
  });

  it('a file with a wrong passphrase says why, and keeps the file to try again', async () => {
    const user = userEvent.setup();
    const failure: CallFailure = { code: 'invalid backup image', status: 400, params: { reason: 'wrong_passphrase' } };
    const app = renderWithBackend('/backups', backupBackend({ previewFailure: failure }));
    await user.click(await screen.findByRole('button', { name: 'Restore from file' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Restore a backup' });
    const file = new File(['PK'], 'old.zip', { type: 'application/zip' });
    await user.upload(within(dialog).getByLabelText('Backup file'), file);
    await user.type(within(dialog).getByLabelText('Passphrase of this backup'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The passphrase is not the one this backup was made with.',
    );
    expect(within(dialog).getByText('old.zip')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
    const upload = callsTo(app.backend.calls, 'POST', '/backups/restore');
    expect(upload).toHaveLength(1);
    expect((upload[0]!.body as FormData).get('file')).toBe(file);
    // Another passphrase previews the file already uploaded: it is not stored twice.
    await user.type(within(dialog).getByLabelText('Passphrase of this backup'), ' either');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(callsTo(app.backend.calls, 'POST', '/backups/31/preview')).toHaveLength(2);
    expect(callsTo(app.backend.calls, 'POST', '/backups/restore')).toHaveLength(1);
  });

  it('applies an uploaded backup only with the right to apply files', async () => {
    renderWithBackend('/backups', backupBackend(), ['backups.view', 'backups.apply']);
    const table = await screen.findByRole('table', { name: 'Backups' }, FIRST);
    expect(within(table).getByRole('button', { name: 'Restore Before the spring works' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Restore From the old server' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make backup' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore from file' })).not.toBeInTheDocument();
  });
});
