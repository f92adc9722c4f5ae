import type { Language } from '../../src/contract/constants';

/** Mail texts per recipient locale (en default). Links point at the console routes of 2.1. */
export type MailKind = 'invitation' | 'recovery' | 'confirmation';

interface MailText {
  subject: string;
  body: (vars: { name: string; link: string; project: string }) => string;
}

const TEXTS: Record<Language, Record<MailKind, MailText>> = {
  en: {
    invitation: {
      subject: 'Your Gatehouse account',
      body: ({ name, link, project }) =>
        `Hello ${name},\n\nAn account was created for you in ${project}. Set your password to start:\n\n${link}\n\nThe link is valid for 7 days.\n`,
    },
    recovery: {
      subject: 'Reset your Gatehouse password',
      body: ({ name, link }) =>
        `Hello ${name},\n\nSomeone asked to reset the password of your account. If it was you, open:\n\n${link}\n\nThe link is valid for 1 hour. If it was not you, ignore this message.\n`,
    },
    confirmation: {
      subject: 'Confirm your Gatehouse registration',
      body: ({ name, link }) =>
        `Hello ${name},\n\nConfirm your e-mail address to create your Gatehouse account:\n\n${link}\n\nThe link is valid for 1 day. If you did not register, ignore this message.\n`,
    },
  },
  ru: {
    invitation: {
      subject: 'Ваша учётная запись Gatehouse',
      body: ({ name, link, project }) =>
        `Здравствуйте, ${name}!\n\nДля вас создана учётная запись в проекте ${project}. Задайте пароль, чтобы начать:\n\n${link}\n\nСсылка действует 7 дней.\n`,
    },
    recovery: {
      subject: 'Сброс пароля Gatehouse',
      body: ({ name, link }) =>
        `Здравствуйте, ${name}!\n\nПоступил запрос на сброс пароля вашей учётной записи. Если это были вы, откройте:\n\n${link}\n\nСсылка действует 1 час. Если это были не вы, просто проигнорируйте письмо.\n`,
    },
    confirmation: {
      subject: 'Подтвердите регистрацию в Gatehouse',
      body: ({ name, link }) =>
        `Здравствуйте, ${name}!\n\nПодтвердите адрес электронной почты, чтобы создать учётную запись Gatehouse:\n\n${link}\n\nСсылка действует 1 день. Если вы не регистрировались, проигнорируйте письмо.\n`,
    },
  },
};

export function renderMail(kind: MailKind, locale: string, vars: { name: string; link: string; project: string }) {
  const text = TEXTS[locale === 'ru' ? 'ru' : 'en'][kind];
  return { subject: text.subject, body: text.body(vars) };
}
