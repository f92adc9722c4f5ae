/** What an incoming-call notification says (texts come translated from the view layer's i18n). */
export interface CallNotice {
  title: string;
  body: string;
}

/** The part of the Notification API we use. */
export interface NotificationApi {
  permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  create(title: string, options: NotificationOptions, onClick: () => void): { close(): void };
}

const browserApi = (): NotificationApi | null =>
  typeof Notification === 'undefined'
    ? null
    : {
        get permission() {
          return Notification.permission;
        },
        requestPermission: () => Notification.requestPermission(),
        create: (title, options, onClick) => {
          const note = new Notification(title, options);
          note.onclick = onClick;
          return note;
        },
      };

/**
 * Desktop notifications of incoming calls (4): shown while a call rings, closed
 * when it is answered or ends. Clicking one focuses the console's tab.
 */
export function createCallNotifications(api: NotificationApi | null = browserApi(), onClick: () => void = () => {}) {
  const open = new Map<string, { close(): void }>();
  return {
    /** Asks once for permission, alongside the media request. */
    ask() {
      if (api?.permission === 'default')
        api.requestPermission().catch((error) => console.warn('notification permission failed', error));
    },
    show(speechId: string, notice: CallNotice) {
      if (api?.permission !== 'granted' || open.has(speechId)) return;
      const note = api.create(
        notice.title,
        { body: notice.body, tag: `call-${speechId}`, requireInteraction: true },
        () => {
          onClick();
          this.close(speechId);
        },
      );
      open.set(speechId, note);
    },
    close(speechId: string) {
      open.get(speechId)?.close();
      open.delete(speechId);
    },
  };
}

export type CallNotifications = ReturnType<typeof createCallNotifications>;
