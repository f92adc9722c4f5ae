import type { Language } from '../../src/contract/constants';
import type { MailTypeCode } from '../../src/contract/entities/mail-template';
import type { MailValues } from './render';

/**
 * The built-in texts of every mail, per language (en default): what a mail says
 * when neither its group nor its project has a template of its type. They are
 * templates like any other (src/contract/entities/mail-template.ts), so a stored
 * template can start from them.
 */
export interface TemplateText {
  subject: string;
  body: string;
}

const EN: Record<MailTypeCode, TemplateText> = {
  invitation: {
    subject: 'Your {{brand_name}} account',
    body: 'Hello {{name}},\n\nAn account was created for you in {{project}}. Set your password to start:\n\n{{link}}\n\nThe link is valid for 7 days.\n',
  },
  recovery: {
    subject: 'Reset your {{brand_name}} password',
    body: 'Hello {{name}},\n\nSomeone asked to reset the password of your account. If it was you, open:\n\n{{link}}\n\nThe link is valid for 1 hour. If it was not you, ignore this message.\n',
  },
  confirmation: {
    subject: 'Confirm your {{brand_name}} registration',
    body: 'Hello {{name}},\n\nConfirm your e-mail address to create your {{brand_name}} account:\n\n{{link}}\n\nThe link is valid for 1 day. If you did not register, ignore this message.\n',
  },
  announce: {
    subject: '{{subject}}',
    body: '{{body}}\n\n{{#author}}From: {{author}}{{#author_email}} <{{author_email}}>{{/author_email}}\n\n{{/author}}{{#is_poll}}Answer the poll{{/is_poll}}{{^is_poll}}Open it in {{brand_name}}{{/is_poll}}: {{link}}\n',
  },
  licence_warning: {
    subject: '{{project}}: licence {{status}}',
    body: 'Hello,\n\nThe licence of {{project}}{{#feature}} ({{feature}}){{/feature}} is {{status}}{{#date}} on {{date}}{{/date}}{{#days}}, in {{days}} days{{/days}}.\n\nSee the licences: {{link}}\n',
  },
  device_offline: {
    subject: '{{project}}: {{device}} is offline',
    body: 'Hello,\n\nThe device {{device}}{{#serial_number}} ({{serial_number}}){{/serial_number}}{{#group}} in {{group}}{{/group}} went offline at {{time}}.\n\nOpen it: {{link}}\n',
  },
  device_task_failed: {
    subject: '{{project}}: a task of {{device}} failed',
    body: 'Hello,\n\nThe task "{{task}}" of the device {{device}}{{#serial_number}} ({{serial_number}}){{/serial_number}}{{#group}} in {{group}}{{/group}} failed{{#error}}: {{error}}{{/error}}.\n\nSee the tasks: {{link}}\n',
  },
  mail_test: {
    subject: '{{brand_name}} mail test',
    body: 'Hello,\n\nThis is a test message of {{project}}, sent at {{time}}. If you can read it, mail works.\n',
  },
};

const RU: Record<MailTypeCode, TemplateText> = {
  invitation: {
    subject: 'Ваша учётная запись {{brand_name}}',
    body: 'Здравствуйте, {{name}}!\n\nДля вас создана учётная запись в проекте {{project}}. Задайте пароль, чтобы начать:\n\n{{link}}\n\nСсылка действует 7 дней.\n',
  },
  recovery: {
    subject: 'Сброс пароля {{brand_name}}',
    body: 'Здравствуйте, {{name}}!\n\nПоступил запрос на сброс пароля вашей учётной записи. Если это были вы, откройте:\n\n{{link}}\n\nСсылка действует 1 час. Если это были не вы, просто проигнорируйте письмо.\n',
  },
  confirmation: {
    subject: 'Подтвердите регистрацию в {{brand_name}}',
    body: 'Здравствуйте, {{name}}!\n\nПодтвердите адрес электронной почты, чтобы создать учётную запись {{brand_name}}:\n\n{{link}}\n\nСсылка действует 1 день. Если вы не регистрировались, проигнорируйте письмо.\n',
  },
  announce: {
    subject: '{{subject}}',
    body: '{{body}}\n\n{{#author}}От: {{author}}{{#author_email}} <{{author_email}}>{{/author_email}}\n\n{{/author}}{{#is_poll}}Ответить на опрос{{/is_poll}}{{^is_poll}}Открыть в {{brand_name}}{{/is_poll}}: {{link}}\n',
  },
  licence_warning: {
    subject: '{{project}}: лицензия — {{status}}',
    body: 'Здравствуйте!\n\nЛицензия проекта {{project}}{{#feature}} ({{feature}}){{/feature}}: {{status}}{{#date}}, дата {{date}}{{/date}}{{#days}}, осталось дней: {{days}}{{/days}}.\n\nЛицензии: {{link}}\n',
  },
  device_offline: {
    subject: '{{project}}: устройство {{device}} не в сети',
    body: 'Здравствуйте!\n\nУстройство {{device}}{{#serial_number}} ({{serial_number}}){{/serial_number}}{{#group}} в группе {{group}}{{/group}} перестало отвечать в {{time}}.\n\nОткрыть: {{link}}\n',
  },
  device_task_failed: {
    subject: '{{project}}: задача устройства {{device}} не выполнена',
    body: 'Здравствуйте!\n\nЗадача «{{task}}» устройства {{device}}{{#serial_number}} ({{serial_number}}){{/serial_number}}{{#group}} в группе {{group}}{{/group}} завершилась ошибкой{{#error}}: {{error}}{{/error}}.\n\nЗадачи: {{link}}\n',
  },
  mail_test: {
    subject: 'Проверка почты {{brand_name}}',
    body: 'Здравствуйте!\n\nЭто проверочное письмо проекта {{project}}, отправлено {{time}}. Если вы его читаете, почта работает.\n',
  },
};

const DEFAULTS: Record<Language, Record<MailTypeCode, TemplateText>> = { en: EN, ru: RU };

/** The built-in text of a type in a language (English for any other). */
export function defaultTemplate(code: MailTypeCode, locale: string): TemplateText {
  return DEFAULTS[locale === 'ru' ? 'ru' : 'en'][code];
}

/** Sample values of each type, for previews: what a real mail of the type would carry. */
export function sampleValues(code: MailTypeCode, locale: string, url: string): MailValues {
  const ru = locale === 'ru';
  const person = ru ? 'Анна Смирнова' : 'Anna Smith';
  const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
  switch (code) {
    case 'invitation':
      return { name: person, login: 'anna.smith', link: `${url}/registration/sample-invitation-code` };
    case 'recovery':
      return { name: person, login: 'anna.smith', link: `${url}/password/reset/sample-recovery-code` };
    case 'confirmation':
      return { name: person, link: `${url}/registration/confirm/sample-confirmation-code` };
    case 'announce':
      return {
        name: person,
        subject: ru ? 'Отключение воды в понедельник' : 'Water off on Monday',
        body: ru
          ? 'В понедельник с 10:00 до 14:00 не будет воды.'
          : 'The water will be off on Monday from 10:00 to 14:00.',
        author: ru ? 'Управляющая компания' : 'Building management',
        author_email: 'office@example.com',
        is_poll: '',
        link: `${url}/announce/sample-announce-token`,
      };
    case 'licence_warning':
      return {
        status: ru ? 'истекает' : 'will expire',
        days: '14',
        date: now.slice(0, 10),
        feature: 'sip',
        link: `${url}/licenses`,
      };
    case 'device_offline':
      return {
        device: ru ? 'Панель у входа' : 'Entrance panel',
        serial_number: 'GH-SAMPLE-0001',
        group: ru ? 'Корпус A' : 'Building A',
        time: now,
        link: `${url}/devices`,
      };
    case 'device_task_failed':
      return {
        device: ru ? 'Панель у входа' : 'Entrance panel',
        serial_number: 'GH-SAMPLE-0001',
        group: ru ? 'Корпус A' : 'Building A',
        task: 'sync.identifiers',
        error: 'device offline, cannot connect',
        link: `${url}/devices/tasks`,
      };
    case 'mail_test':
      return { time: now };
  }
}
