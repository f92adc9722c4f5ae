import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MENU } from '../../src/contract/menu';
import { ROUTE_TABLE } from '../../src/ui/app/route-table';
import { buildRoutes } from '../../src/ui/app/routes';
import { Layout } from '../../src/ui/shell/Layout';

const routes = buildRoutes();
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

describe('route table (2.1)', () => {
  it('declares each path once', () => {
    const paths = ROUTE_TABLE.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every side-menu entry a route of its own (never the not-found page)', () => {
    for (const entry of MENU.flatMap((c) => c.entries)) expect(leaf(entry.path)?.path, entry.path).toBe(entry.path);
  });

  it.each([
    ['/login', '/login'],
    ['/registration', '/registration/:token?'],
    ['/registration/abc', '/registration/:token?'],
    ['/registration/confirm/abc', '/registration/confirm/:token'],
    ['/self-registration', '/self-registration/:token?'],
    ['/password/reset/t0k', '/password/reset/:token'],
    ['/guest-access/key-1', '/guest-access/:keyId'],
    ['/guest-access', '/guest-access'],
    ['/guest-access/add', '/guest-access/add'],
    ['/guest-access/9/edit', '/guest-access/:id/edit'],
    ['/devices/remote-control', '/devices/remote-control'],
    ['/devices/alarms/77/edit', '/devices/alarms/:id/edit'],
    ['/devices/5/edit', '/devices/:id/edit'],
    ['/elevators/access-rules/add', '/elevators/access-rules/add'],
    ['/integration/add', '/integration/add'],
    ['/integration/3/edit', '/integration/:id/edit'],
    ['/ukey2/4/edit', '/ukey2/:id/edit'],
    ['/conversation/12', '/conversation/:id'],
    ['/announce/tok', '/announce/:token'],
    ['/no/such/page', '*'],
  ])('%s is served by %s', (url, pattern) => {
    expect(leaf(url)?.path).toBe(pattern);
  });

  it('catches a failing page below the layout, so the menu and connection banner stay', () => {
    for (const url of ['/home', '/users/1/edit', '/login', '/no/such/page']) {
      const chain = matchRoutes(routes, url)?.map((m) => m.route) ?? [];
      const layoutAt = chain.findIndex((r) => (r.element as { type?: unknown } | undefined)?.type === Layout);
      const nearestCatch = chain.findLastIndex((r) => r.errorElement);
      expect(layoutAt, url).toBeGreaterThanOrEqual(0);
      expect(nearestCatch, url).toBeGreaterThan(layoutAt);
    }
  });

  it('has the list, add and edit pages of every list area', () => {
    for (const base of ['/groups', '/users', '/sip-trunks', '/roles', '/amenities/reservations', '/forward-rules'])
      for (const url of [base, `${base}/add`, `${base}/1/edit`]) expect(leaf(url)?.path, url).not.toBe('*');
    expect(leaf('/integration')?.path).toBe('*');
  });
});
