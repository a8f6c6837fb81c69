import type { LanguageCode } from '@app/contract/users';
import type { MailMessage } from './mailer.ts';

type Kind = 'invited' | 'admitted' | 'rejected';
type Text = { subject: (course: string) => string; body: (course: string, role: string) => string; action?: string };

const ROLE_NAMES: Record<LanguageCode, Record<string, string>> = {
  en: { instructor: 'an instructor', ta: 'a teaching assistant', student: 'a student' },
  'zh-hans': { instructor: '教师', ta: '助教', student: '学生' },
  'zh-hant': { instructor: '教師', ta: '助教', student: '學生' },
  ko: { instructor: '강사', ta: '조교', student: '학생' },
};

// Course e-mails in the four interface languages.
const texts: Record<Kind, Record<LanguageCode, Text>> = {
  invited: {
    en: {
      subject: (c) => `You are invited to join ${c}`,
      body: (c, r) =>
        `You have been invited to join the course "${c}" as ${r}. Follow the link below to accept the invitation; it is valid for 14 days.`,
      action: 'Join the course',
    },
    'zh-hans': {
      subject: (c) => `邀请您加入 ${c}`,
      body: (c, r) => `您被邀请以${r}身份加入课程"${c}"。请点击下面的链接接受邀请，链接 14 天内有效。`,
      action: '加入课程',
    },
    'zh-hant': {
      subject: (c) => `邀請您加入 ${c}`,
      body: (c, r) => `您被邀請以${r}身分加入課程「${c}」。請點擊下方連結接受邀請，連結 14 天內有效。`,
      action: '加入課程',
    },
    ko: {
      subject: (c) => `${c} 과정에 초대되었습니다`,
      body: (c, r) => `"${c}" 과정에 ${r}(으)로 초대되었습니다. 아래 링크를 눌러 초대를 수락하세요. 링크는 14일 동안 유효합니다.`,
      action: '과정 참여하기',
    },
  },
  admitted: {
    en: {
      subject: (c) => `You have joined ${c}`,
      body: (c) => `Your enrollment request for "${c}" was accepted. The course is now on your dashboard.`,
    },
    'zh-hans': { subject: (c) => `您已加入 ${c}`, body: (c) => `您对课程"${c}"的选课申请已被接受。该课程现在显示在您的主页上。` },
    'zh-hant': { subject: (c) => `您已加入 ${c}`, body: (c) => `您對課程「${c}」的選課申請已獲接受。該課程現在顯示在您的首頁上。` },
    ko: {
      subject: (c) => `${c} 과정에 등록되었습니다`,
      body: (c) => `"${c}" 과정 등록 요청이 수락되었습니다. 이제 대시보드에서 과정을 볼 수 있습니다.`,
    },
  },
  rejected: {
    en: { subject: (c) => `Your request to join ${c}`, body: (c) => `Your enrollment request for "${c}" was declined by the instructor.` },
    'zh-hans': { subject: (c) => `您加入 ${c} 的申请`, body: (c) => `您对课程"${c}"的选课申请已被教师拒绝。` },
    'zh-hant': { subject: (c) => `您加入 ${c} 的申請`, body: (c) => `您對課程「${c}」的選課申請已被教師拒絕。` },
    ko: { subject: (c) => `${c} 과정 등록 요청 결과`, body: (c) => `"${c}" 과정 등록 요청이 강사에 의해 거절되었습니다.` },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A course e-mail (invitation, admission, rejection) in the recipient's language. */
export function courseMail(
  kind: Kind,
  language: LanguageCode,
  to: string,
  course: string,
  options: { role?: string; link?: string } = {},
): MailMessage {
  const t = texts[kind][language] ?? texts[kind].en;
  const role = options.role ? (ROLE_NAMES[language][options.role] ?? options.role) : '';
  const body = t.body(course, role);
  const link = options.link;
  const text = link ? `${body}\n\n${t.action}: ${link}\n` : `${body}\n`;
  const html = `<p>${escapeHtml(body)}</p>${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action ?? link)}</a></p>` : ''}`;
  return { to, subject: t.subject(course), text, html, ...(link ? { link } : {}) };
}
