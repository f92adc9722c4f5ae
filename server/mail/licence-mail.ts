/**
 * Licence notices by e-mail (section 3 `notifications`, docs/decisions.md "Licences"): a licence
 * of the project ends soon, has ended (its features stop after the grace days), or a group's
 * licence period ends soon. Texts per recipient locale, English by default; the link opens
 * the licences page. Mail templates (issue 14's settings) take these over when they exist.
 */
export type LicenceMailKind = 'licence_will_expire' | 'licence_expired' | 'group_licence_will_expire';

interface Vars {
  name: string;
  project: string;
  group: string;
  days: number;
  date: string;
  link: string;
}

const when = {
  en: (days: number) => (days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`),
  ru: (days: number) => (days === 0 ? 'сегодня' : `через ${days} дн.`),
};

const TEXTS: Record<'en' | 'ru', Record<LicenceMailKind, (v: Vars) => { subject: string; body: string }>> = {
  en: {
    licence_will_expire: (v) => ({
      subject: `${v.project}: the licence ends ${when.en(v.days)}`,
      body: `Hello ${v.name},\n\nThe licence of ${v.project} ends ${when.en(v.days)} (${v.date}). Add its renewal to keep the licensed features:\n\n${v.link}\n`,
    }),
    licence_expired: (v) => ({
      subject: `${v.project}: the licence has ended`,
      body: `Hello ${v.name},\n\nThe licence of ${v.project} has ended. Its features are disabled ${when.en(v.days)} (${v.date}) unless a renewal is added:\n\n${v.link}\n`,
    }),
    group_licence_will_expire: (v) => ({
      subject: `${v.project}: the licence period of ${v.group} ends ${when.en(v.days)}`,
      body: `Hello ${v.name},\n\nThe licence period of the group ${v.group} in ${v.project} ends ${when.en(v.days)} (${v.date}).\n\n${v.link}\n`,
    }),
  },
  ru: {
    licence_will_expire: (v) => ({
      subject: `${v.project}: лицензия заканчивается ${when.ru(v.days)}`,
      body: `Здравствуйте, ${v.name}!\n\nЛицензия проекта ${v.project} заканчивается ${when.ru(v.days)} (${v.date}). Добавьте продление, чтобы сохранить лицензированные функции:\n\n${v.link}\n`,
    }),
    licence_expired: (v) => ({
      subject: `${v.project}: срок лицензии истёк`,
      body: `Здравствуйте, ${v.name}!\n\nСрок лицензии проекта ${v.project} истёк. Её функции будут отключены ${when.ru(v.days)} (${v.date}), если не добавить продление:\n\n${v.link}\n`,
    }),
    group_licence_will_expire: (v) => ({
      subject: `${v.project}: период лицензии группы ${v.group} заканчивается ${when.ru(v.days)}`,
      body: `Здравствуйте, ${v.name}!\n\nПериод лицензии группы ${v.group} в проекте ${v.project} заканчивается ${when.ru(v.days)} (${v.date}).\n\n${v.link}\n`,
    }),
  },
};

export function renderLicenceMail(kind: LicenceMailKind, locale: string, vars: Vars) {
  return TEXTS[locale === 'ru' ? 'ru' : 'en'][kind](vars);
}
