import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  closeTarget,
  newPageId,
  PAGE_STACK_KEY,
  PAGE_STACK_LIMIT,
  pageIdOf,
  pushPage,
  readStack,
  withPageId,
} from '../../src/ui/app/page-stack';
import { usePageStack } from '../../src/ui/app/use-page-stack';

describe('page stack (2.4), pure part', () => {
  it('adds or replaces pageId and keeps the rest of the URL', () => {
    expect(withPageId('/users/5/edit', 'abc')).toBe('/users/5/edit?pageId=abc');
    expect(withPageId('/users?page=2&pageId=old#top', 'new')).toBe('/users?page=2&pageId=new#top');
    expect(pageIdOf('?page=2&pageId=abc')).toBe('abc');
    expect(pageIdOf('')).toBeNull();
  });

  it('closing returns to the page that opened this one and forgets it', () => {
    const stack = pushPage({}, 'p1', '/users?page=2');
    expect(closeTarget(stack, '?pageId=p1')).toEqual({ to: '/users?page=2', stack: {} });
  });

  it('closing without a known opener uses back-to, else /home', () => {
    expect(closeTarget({}, '?pageId=unknown', '/devices').to).toBe('/devices');
    expect(closeTarget({}, '').to).toBe('/home');
    expect(closeTarget({ p1: '/x' }, '?pageId=p2').stack).toEqual({ p1: '/x' });
  });

  it('keeps the stored map bounded and survives broken storage', () => {
    let stack = {};
    for (let i = 0; i < PAGE_STACK_LIMIT + 10; i++) stack = pushPage(stack, `p${i}`, `/from/${i}`);
    expect(Object.keys(stack)).toHaveLength(PAGE_STACK_LIMIT);
    expect(stack).not.toHaveProperty('p0');
    const broken = { getItem: () => '{not json', setItem: () => {} };
    expect(readStack(broken)).toEqual({});
  });

  it('makes short page ids', () => {
    expect(newPageId(() => 0.123456789)).toMatch(/^[0-9a-z]{8}$/);
  });
});

function Probe() {
  const { openPage, closePage } = usePageStack();
  const location = useLocation();
  return (
    <div>
      <output>{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => openPage('/users/7/edit')}>
        open
      </button>
      <button type="button" onClick={() => closePage('/users')}>
        close
      </button>
    </div>
  );
}

describe('usePageStack', () => {
  it('opens a page with a pageId and closes back to where it was opened', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/devices?page=3'] });
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(router.state.location.pathname).toBe('/users/7/edit');
    const pageId = pageIdOf(router.state.location.search);
    expect(JSON.parse(sessionStorage.getItem(PAGE_STACK_KEY) ?? '{}')).toEqual({ [pageId!]: '/devices?page=3' });
    await user.click(screen.getByRole('button', { name: 'close' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/devices?page=3');
    expect(JSON.parse(sessionStorage.getItem(PAGE_STACK_KEY) ?? '{}')).toEqual({});
    // Nothing left to return to: the back-to path.
    await user.click(screen.getByRole('button', { name: 'close' }));
    expect(router.state.location.pathname).toBe('/users');
  });
});
