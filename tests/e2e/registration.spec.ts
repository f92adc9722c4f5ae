import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { lastMailTo, linkPath } from './outbox';
import { logIn, sideMenu, users } from './support';

const invitee = { login: 'invitee', email: 'invitee@example.org', name: 'Ivy Invitee' };

test('an invited user registers through the mailed link, then recovers a forgotten password', async ({
  page,
  request,
}) => {
  // The administrator creates the user; new users get a registration link by default.
  const [session] = (await (await request.post('/api/v0/login', { data: users.admin })).json()).data as {
    token: string;
  }[];
  const headers = { authorization: `Bearer ${session!.token}` };
  const role = (
    (await (await request.get('/api/v0/roles/items?size=50', { headers })).json()).data as {
      id: number;
      name: string;
    }[]
  ).find((r) => r.name === 'resident')!;
  const unit = (
    (await (await request.get('/api/v0/domains/items?size=50', { headers })).json()).data as {
      id: number;
      name: string;
    }[]
  ).find((g) => g.name === 'Unit 102')!;
  const created = await request.put('/api/v0/users', {
    headers,
    data: { login: invitee.login, name: invitee.name, email: invitee.email, role_id: role.id, domains: [unit.id] },
  });
  expect(created.status()).toBe(200);

  // The invitation mail leads to the registration page, which says who is being registered.
  const invitation = lastMailTo(invitee.email);
  expect(invitation.subject).toBe('Your Gatehouse account');
  await page.goto(linkPath(invitation.body, '/registration'));
  await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  await expect(page.getByText(invitee.name)).toBeVisible();
  await page.getByLabel(/^New password/).fill('first-pass-1');
  await page.getByLabel(/^Repeat the password/).fill('first-pass-2');
  await page.getByRole('button', { name: 'Activate the account' }).click();
  await expect(page.getByText('Fields do not match')).toBeVisible();
  await page.getByLabel(/^Repeat the password/).fill('first-pass-1');
  await page.getByRole('button', { name: 'Activate the account' }).click();
  await expect(page.getByText('Your account is active.')).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await logIn(page, { login: invitee.login, password: 'first-pass-1' });
  await expect(sideMenu(page)).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  // Forgot the password: the recovery mail's link sets a new one.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel(/^E-mail/).fill(invitee.email.toUpperCase());
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(/a message with a reset link is on its way/)).toBeVisible();
  const recovery = lastMailTo(invitee.email);
  expect(recovery.subject).toBe('Reset your Gatehouse password');
  const resetPath = linkPath(recovery.body, '/password/reset');
  await page.goto(resetPath);
  await page.getByLabel(/^New password/).fill('second-pass-1');
  await page.getByLabel(/^Repeat the password/).fill('second-pass-1');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  // The link works once; the old password is gone, the new one logs in.
  await page.goto(resetPath);
  await page.getByLabel(/^New password/).fill('third-pass-1');
  await page.getByLabel(/^Repeat the password/).fill('third-pass-1');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('This password reset link is not valid or has already been used.')).toBeVisible();
  await page.goto('/login');
  await logIn(page, { login: invitee.login, password: 'first-pass-1' });
  await expect(page.getByRole('alert')).toHaveText('Incorrect login/password');
  await logIn(page, { login: invitee.login, password: 'second-pass-1' });
  await expect(sideMenu(page)).toBeVisible();
  expect(E2E.port).toBeGreaterThan(0);
});

test('a private client registers an object, confirms the mailed link and logs into it', async ({ page }) => {
  await page.goto('/registration');
  await page.getByRole('link', { name: 'Register your object yourself' }).click();
  await page.getByLabel(/^I am/).selectOption('private');
  await page.getByLabel(/^Your name/).fill('Pat Private');
  await page.getByLabel(/^E-mail/).fill('pat@example.org');
  await page.getByLabel(/^Phone/).fill('+37120000009');
  await page.getByLabel(/^Country code/).fill('lv');
  await page.getByLabel(/^Object name/).fill('Pine House');
  await page.getByLabel(/^New password/).fill('pat-pass-1');
  await page.getByLabel(/^Repeat the password/).fill('pat-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/a link to confirm the registration is on its way/)).toBeVisible();

  const mail = lastMailTo('pat@example.org');
  expect(mail.subject).toBe('Confirm your Gatehouse registration');
  await page.goto(linkPath(mail.body, '/registration/confirm'));
  await expect(page.getByText('Pine House')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your account and your object are ready.')).toBeVisible();

  await page.goto('/login');
  await logIn(page, { login: 'pat@example.org', password: 'pat-pass-1' });
  await expect(sideMenu(page)).toBeVisible();
  await expect(page.getByText('Project: Pine House')).toBeVisible();
});
