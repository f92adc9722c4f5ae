import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { ipUnbanFixtures } from '../../machines/ip-unban/ip-unban.fixtures';
import { ipUnbanMachine } from '../../machines/ip-unban/ip-unban.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { topicFeedFixtures } from '../../machines/topic-feed/topic-feed.fixtures';
import { topicFeedMachine } from '../../machines/topic-feed/topic-feed.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { BansView } from './BansView';
import { IpBlockingOverview } from './IpBlockingOverview';
import { ipBlockingFixtures } from './ip-blocking.fixtures';
import { WhitelistFormDialog } from './WhitelistFormDialog';
import { WhitelistView } from './WhitelistView';

const noop = () => {};
const all = { unban: true, unbanAll: true, create: true, delete: true };
const none = { unban: false, unbanAll: false, create: false, delete: false };
type Can = typeof all;

/** One screen of the page: which fixture each of its actors is hydrated from. */
interface Scene {
  tab: 'bans' | 'whitelist';
  list: keyof typeof ipBlockingFixtures.bans | keyof typeof ipBlockingFixtures.whitelist;
  status?: keyof typeof ipBlockingFixtures.status;
  unban?: keyof typeof ipUnbanFixtures;
  form?: keyof typeof ipBlockingFixtures.form;
  can?: Can;
}

const SCENES = {
  bans: { tab: 'bans', list: 'ready' },
  nothingBanned: { tab: 'bans', list: 'empty', status: 'nothing' },
  readOnly: { tab: 'bans', list: 'ready', can: none },
  unbanAll: { tab: 'bans', list: 'ready', unban: 'confirmingAll' },
  unbanAllSip: { tab: 'bans', list: 'ready', unban: 'confirmingAllSip' },
  statusLoading: { tab: 'bans', list: 'ready', status: 'loading' },
  statusFailed: { tab: 'bans', list: 'ready', status: 'failed' },
  whitelist: { tab: 'whitelist', list: 'ready' },
  emptyWhitelist: { tab: 'whitelist', list: 'empty' },
  deleteFromWhitelist: { tab: 'whitelist', list: 'confirmingDelete' },
  addToWhitelist: { tab: 'whitelist', list: 'ready', form: 'creating' },
  alreadyWhitelisted: { tab: 'whitelist', list: 'ready', form: 'duplicate' },
} satisfies Record<string, Scene>;

function FormFrame({ state }: { state: keyof typeof ipBlockingFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, ipBlockingFixtures.form[state]);
  return <WhitelistFormDialog formRef={formRef} onClose={noop} />;
}

/** The page over frozen actors: status, live mark, tabs, then the banned list or the whitelist. */
function IpBlockingScreen({ scene }: { scene: keyof typeof SCENES }) {
  const s: Scene = SCENES[scene];
  const lists: Record<string, (typeof ipBlockingFixtures.bans)['ready']> =
    s.tab === 'bans' ? ipBlockingFixtures.bans : ipBlockingFixtures.whitelist;
  const listRef = useFrozenActor(entityListMachine, lists[s.list] ?? ipBlockingFixtures.bans.ready);
  const statusRef = useFrozenActor(loaderMachine, ipBlockingFixtures.status[s.status ?? 'loaded']);
  const unbanRef = useFrozenActor(ipUnbanMachine, ipUnbanFixtures[s.unban ?? 'idle']);
  const feedRef = useFrozenActor(topicFeedMachine, topicFeedFixtures.listening);
  const can = s.can ?? all;
  const readOnly = can === none;
  const overview = <IpBlockingOverview tab={s.tab} statusRef={statusRef} feedRef={feedRef} readOnly={readOnly} />;
  return (
    <div className="p-6">
      {s.tab === 'bans' ? (
        <BansView listRef={listRef} statusRef={statusRef} unbanRef={unbanRef} can={can} overview={overview} />
      ) : (
        <WhitelistView listRef={listRef} can={can} onAdd={noop} overview={overview}>
          {s.form ? <FormFrame state={s.form} /> : null}
        </WhitelistView>
      )}
    </div>
  );
}

const meta = {
  title: 'Settings/IP blocking',
  component: IpBlockingScreen,
  parameters: { gatehouse: { route: { path: '/ip-blocking', entry: '/ip-blocking' } } },
} satisfies Meta<typeof IpBlockingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BannedAddresses: Story = {
  args: { scene: 'bans' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('region', { name: 'Status' });
    await expect(status).toHaveTextContent(/Active bans\s*5/);
    await expect(status).toHaveTextContent(/SIP\s*3/);
    await expect(status).toHaveTextContent(/Console logins\s*2/);
    const table = canvas.getByRole('table', { name: 'IP blocking' });
    const row = within(table).getByRole('row', { name: '203.0.113.7 · SIP' });
    await expect(row).toHaveTextContent('Wrong credentials');
    await expect(row).toHaveTextContent(/1[12] min left/);
    await expect(within(table).getByRole('row', { name: '203.0.113.99 · SIP' })).toHaveTextContent('Until lifted');
    await expect(within(row).getByRole('button', { name: 'Unban 203.0.113.7 (SIP)' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Live · 3 changes heard');
    const recent = canvas.getByRole('region', { name: 'Recent unbans' });
    await expect(recent).toHaveTextContent('203.0.113.8 · SIP');
    await expect(recent).toHaveTextContent('All addresses · Console logins · 4 bans');
    await expect(recent).toHaveTextContent('by A removed user');
  },
};

export const NothingBanned: Story = {
  args: { scene: 'nothingBanned' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nothing is banned')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Unban all…' })).toBeDisabled();
    await expect(canvas.getByText('No bans have been lifted by hand yet.')).toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  args: { scene: 'readOnly' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/You can view IP blocking/)).toBeInTheDocument();
    await expect(canvas.getByRole('table', { name: 'IP blocking' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /Unban/ })).not.toBeInTheDocument();
  },
};

export const UnbanAll: Story = {
  args: { scene: 'unbanAll' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Unban all addresses' });
    await expect(within(dialog).getByRole('radio', { name: 'All services (5)' })).toBeChecked();
    await expect(dialog).toHaveTextContent('5 bans will be lifted.');
    await expect(within(dialog).getByRole('button', { name: 'Unban 5' })).toBeEnabled();
  },
};

export const UnbanAllOfSip: Story = {
  args: { scene: 'unbanAllSip' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Unban all addresses' });
    await expect(within(dialog).getByRole('radio', { name: 'SIP (3)' })).toBeChecked();
    await expect(within(dialog).getByRole('button', { name: 'Unban 3' })).toBeInTheDocument();
  },
};

export const StatusLoading: Story = {
  args: { scene: 'statusLoading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading the status…')).toBeInTheDocument();
  },
};

export const StatusFailed: Story = {
  args: { scene: 'statusFailed' },
  play: async ({ canvasElement }) => {
    const failure = within(canvasElement).getByRole('alert');
    await expect(failure).toHaveTextContent('The status could not be loaded');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Whitelist: Story = {
  args: { scene: 'whitelist' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Whitelist' })).toHaveAttribute('aria-current', 'page');
    const table = canvas.getByRole('table', { name: 'IP blocking' });
    await expect(within(table).getByRole('row', { name: '10.0.0.0/8' })).toHaveTextContent('Office network');
    await expect(within(table).getByRole('row', { name: '10.0.0.0/8' })).toHaveTextContent('by Alex Admin');
    await expect(canvas.getByRole('button', { name: 'Add to whitelist' })).toBeInTheDocument();
  },
};

export const EmptyWhitelist: Story = {
  args: { scene: 'emptyWhitelist' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The whitelist is empty')).toBeInTheDocument();
  },
};

export const DeleteFromWhitelist: Story = {
  args: { scene: 'deleteFromWhitelist' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('alertdialog', { name: 'Confirm deletion' });
    await expect(dialog).toHaveTextContent('1 whitelist entry will be deleted');
  },
};

export const AddToWhitelist: Story = {
  args: { scene: 'addToWhitelist' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Add to the whitelist' });
    await expect(within(dialog).getByLabelText(/IP address or range/)).toHaveAccessibleDescription(/CIDR range/);
  },
};

export const AlreadyWhitelisted: Story = {
  args: { scene: 'alreadyWhitelisted' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Add to the whitelist' });
    await expect(within(dialog).getByLabelText(/IP address or range/)).toHaveAccessibleDescription(
      'Value must be unique',
    );
  },
};
