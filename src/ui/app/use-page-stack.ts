import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { closeTarget, newPageId, pushPage, readStack, type StackStorage, withPageId, writeStack } from './page-stack';

/** What {@link usePageStack} returns. */
export interface PageStackApi {
  /** Opens `path` as a new page that remembers the current location. */
  openPage: (path: string) => void;
  /** Goes back to the page that opened this one, else `backTo`, else /home. */
  closePage: (backTo?: string) => void;
}

/** The page stack of 2.4 bound to the router and sessionStorage. */
export function usePageStack(storage: StackStorage = window.sessionStorage): PageStackApi {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;

  const openPage = useCallback(
    (path: string) => {
      const pageId = newPageId();
      writeStack(storage, pushPage(readStack(storage), pageId, here));
      navigate(withPageId(path, pageId));
    },
    [navigate, here, storage],
  );

  const closePage = useCallback(
    (backTo?: string) => {
      const { to, stack } = closeTarget(readStack(storage), location.search, backTo);
      writeStack(storage, stack);
      navigate(to);
    },
    [navigate, location.search, storage],
  );

  return { openPage, closePage };
}
