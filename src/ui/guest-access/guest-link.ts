/** The guest page of a key (2.1 `/guest-access/:keyId`) on this console's own address. */
export const guestLink = (keyUid: string, origin: string = window.location.origin) =>
  `${origin}/guest-access/${encodeURIComponent(keyUid)}`;
