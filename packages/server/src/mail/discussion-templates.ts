import type { LanguageCode } from '@app/contract/users';
import type { MailMessage } from './mailer.ts';

type Text = { subject: (thread: string) => string; body: (name: string, thread: string, course: string) => string; action: string };

// The reply notification in the four interface languages.
const texts: Record<LanguageCode, Text> = {
  en: {
    subject: (t) => `New reply to "${t}"`,
    body: (n, t, c) => `${n} replied to your thread "${t}" in ${c}:`,
    action: 'Open the thread',
  },
  'zh-hans': {
    subject: (t) => `"${t}" 有新回复`,
    body: (n, t, c) => `${n} 回复了您在 ${c} 中的主题"${t}"：`,
    action: '打开主题',
  },
  'zh-hant': {
    subject: (t) => `「${t}」有新回覆`,
    body: (n, t, c) => `${n} 回覆了您在 ${c} 中的主題「${t}」：`,
    action: '開啟主題',
  },
  ko: {
    subject: (t) => `"${t}"에 새 답글이 있습니다`,
    body: (n, t, c) => `${n} 님이 ${c}의 "${t}" 글에 답글을 남겼습니다:`,
    action: '글 열기',
  },
};

/** How much of the reply the e-mail quotes. */
const EXCERPT_LENGTH = 500;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail to a thread's author when someone else answers it, in the author's language. */
export function replyMail(
  language: LanguageCode,
  to: string,
  values: { replier: string; thread: string; course: string; reply: string; link: string },
): MailMessage {
  const t = texts[language] ?? texts.en;
  const intro = t.body(values.replier, values.thread, values.course);
  const excerpt = values.reply.length > EXCERPT_LENGTH ? `${values.reply.slice(0, EXCERPT_LENGTH)}…` : values.reply;
  const text = `${intro}\n\n${excerpt}\n\n${t.action}: ${values.link}\n`;
  // The reply is plain text: escaped, with its line breaks kept.
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<blockquote style="white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>` +
    `<p><a href="${escapeHtml(values.link)}">${escapeHtml(t.action)}</a></p>`;
  return { to, subject: t.subject(values.thread), text, html, link: values.link };
}
