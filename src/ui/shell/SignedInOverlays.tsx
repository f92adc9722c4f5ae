import { DialerPanel } from '../dialer/DialerPanel';
import { FloatingButtons } from './FloatingButtons';
import { NotificationPopupsArea } from './NotificationBell';

/** What floats over a signed-in user's pages: important notifications, the dialer panel, the floating buttons. */
export function SignedInOverlays() {
  return (
    <>
      <NotificationPopupsArea />
      <DialerPanel />
      <FloatingButtons />
    </>
  );
}
