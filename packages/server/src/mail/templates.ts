import type { LanguageCode } from '@app/contract/users';
import type { MailMessage } from './mailer.ts';

type Template = { subject: string; intro: string; action: string; outro: string };

// Account e-mails in the four interface languages; the user's language picks one.
const templates: Record<
  'create-password' | 'reset-password' | 'sign-in' | 'teacher-approved' | 'confirm-email',
  Record<LanguageCode, Template>
> = {
  'confirm-email': {
    en: {
      subject: 'Confirm your new e-mail address',
      intro:
        'You asked to use this address for your account. Follow the link below to confirm it; until then your account keeps its old address.',
      action: 'Confirm this e-mail address',
      outro: 'The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.',
    },
    'zh-hans': {
      subject: '确认您的新电子邮箱地址',
      intro: '您申请将此地址用于您的账户。请点击下面的链接确认；在此之前，您的账户仍使用原来的地址。',
      action: '确认此电子邮箱地址',
      outro: '该链接只能使用一次，24 小时后失效。如果这不是您的请求，请忽略此邮件。',
    },
    'zh-hant': {
      subject: '確認您的新電子郵件地址',
      intro: '您申請將此地址用於您的帳戶。請點擊下方連結確認；在此之前，您的帳戶仍使用原來的地址。',
      action: '確認此電子郵件地址',
      outro: '此連結僅能使用一次，24 小時後失效。如果這不是您的要求，請忽略此郵件。',
    },
    ko: {
      subject: '새 이메일 주소를 확인하세요',
      intro: '계정에 이 주소를 사용하도록 요청하셨습니다. 아래 링크를 눌러 확인하세요. 확인하기 전까지 계정은 기존 주소를 유지합니다.',
      action: '이 이메일 주소 확인',
      outro: '이 링크는 한 번만 사용할 수 있으며 24시간 후 만료됩니다. 요청하지 않았다면 이 메일을 무시하세요.',
    },
  },
  'create-password': {
    en: {
      subject: 'Finish creating your account',
      intro: 'Welcome! Follow the link below to choose a password and finish registration.',
      action: 'Create your password',
      outro: 'The link works once and expires in 48 hours.',
    },
    'zh-hans': {
      subject: '完成创建您的账户',
      intro: '欢迎！请点击下面的链接设置密码，完成注册。',
      action: '设置密码',
      outro: '该链接只能使用一次，48 小时后失效。',
    },
    'zh-hant': {
      subject: '完成建立您的帳戶',
      intro: '歡迎！請點擊下方連結設定密碼，完成註冊。',
      action: '設定密碼',
      outro: '此連結僅能使用一次，48 小時後失效。',
    },
    ko: {
      subject: '계정 생성을 완료하세요',
      intro: '환영합니다! 아래 링크를 눌러 비밀번호를 설정하고 가입을 완료하세요.',
      action: '비밀번호 만들기',
      outro: '이 링크는 한 번만 사용할 수 있으며 48시간 후 만료됩니다.',
    },
  },
  'reset-password': {
    en: {
      subject: 'Reset your password',
      intro: 'Someone asked to reset the password of this account. Follow the link below to choose a new one.',
      action: 'Choose a new password',
      outro: 'The link works once and expires in one hour. If you did not ask for this, ignore this e-mail.',
    },
    'zh-hans': {
      subject: '重置您的密码',
      intro: '有人请求重置此账户的密码。请点击下面的链接设置新密码。',
      action: '设置新密码',
      outro: '该链接只能使用一次，一小时后失效。如果这不是您的请求，请忽略此邮件。',
    },
    'zh-hant': {
      subject: '重設您的密碼',
      intro: '有人要求重設此帳戶的密碼。請點擊下方連結設定新密碼。',
      action: '設定新密碼',
      outro: '此連結僅能使用一次，一小時後失效。如果這不是您的要求，請忽略此郵件。',
    },
    ko: {
      subject: '비밀번호 재설정',
      intro: '이 계정의 비밀번호 재설정이 요청되었습니다. 아래 링크를 눌러 새 비밀번호를 설정하세요.',
      action: '새 비밀번호 설정',
      outro: '이 링크는 한 번만 사용할 수 있으며 1시간 후 만료됩니다. 요청하지 않았다면 이 메일을 무시하세요.',
    },
  },
  'sign-in': {
    en: {
      subject: 'Your sign-in link',
      intro: 'Follow the link below to sign in.',
      action: 'Sign in',
      outro: 'The link works once and expires in one hour.',
    },
    'zh-hans': { subject: '您的登录链接', intro: '请点击下面的链接登录。', action: '登录', outro: '该链接只能使用一次，一小时后失效。' },
    'zh-hant': { subject: '您的登入連結', intro: '請點擊下方連結登入。', action: '登入', outro: '此連結僅能使用一次，一小時後失效。' },
    ko: {
      subject: '로그인 링크',
      intro: '아래 링크를 눌러 로그인하세요.',
      action: '로그인',
      outro: '이 링크는 한 번만 사용할 수 있으며 1시간 후 만료됩니다.',
    },
  },
  'teacher-approved': {
    en: {
      subject: 'Your teacher account is ready',
      intro:
        'Your request for a teacher account has been approved. You can now create courses, invite students and use the media and content libraries.',
      action: 'Sign in to your dashboard',
      outro: 'If the dashboard is already open, reload the page to see the instructor tools.',
    },
    'zh-hans': {
      subject: '您的教师账户已开通',
      intro: '您的教师账户申请已获批准。现在您可以创建课程、邀请学生，并使用媒体库和内容库。',
      action: '登录您的控制面板',
      outro: '如果您已打开控制面板，请刷新页面即可看到教师工具。',
    },
    'zh-hant': {
      subject: '您的教師帳戶已開通',
      intro: '您的教師帳戶申請已獲核准。現在您可以建立課程、邀請學生，並使用媒體庫和內容庫。',
      action: '登入您的控制台',
      outro: '如果您已開啟控制台，請重新整理頁面即可看到教師工具。',
    },
    ko: {
      subject: '강사 계정이 준비되었습니다',
      intro:
        '강사 계정 신청이 승인되었습니다. 이제 강좌를 만들고 학생을 초대하며 미디어 라이브러리와 콘텐츠 라이브러리를 사용할 수 있습니다.',
      action: '대시보드에 로그인',
      outro: '대시보드가 이미 열려 있다면 페이지를 새로 고치면 강사 도구가 보입니다.',
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An account e-mail carrying one link, in the recipient's language. */
export function accountMail(kind: keyof typeof templates, language: LanguageCode, to: string, name: string, link: string): MailMessage {
  const t = templates[kind][language] ?? templates[kind].en;
  const text = `${name},\n\n${t.intro}\n\n${t.action}: ${link}\n\n${t.outro}\n`;
  const html = `<p>${escapeHtml(name)},</p><p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.outro)}</p>`;
  return { to, subject: t.subject, text, html, link };
}

type Notice = { subject: string; body: (newEmail: string) => string };

// Sent to the old address when a change to a new one is asked for: no link, only the facts.
const emailChangeNotices: Record<LanguageCode, Notice> = {
  en: {
    subject: 'A change of your e-mail address was requested',
    body: (e) =>
      `Someone signed in to your account asked to change its e-mail address to ${e}. The change takes effect only when the link sent to ${e} is followed. If this was not you, change your password now: that also cancels the change.`,
  },
  'zh-hans': {
    subject: '有人申请更改您的电子邮箱地址',
    body: (e) =>
      `有人登录您的账户并申请将电子邮箱地址更改为 ${e}。只有在点击发送到 ${e} 的链接后，更改才会生效。如果这不是您本人操作，请立即修改密码，这也会取消此次更改。`,
  },
  'zh-hant': {
    subject: '有人申請變更您的電子郵件地址',
    body: (e) =>
      `有人登入您的帳戶並申請將電子郵件地址變更為 ${e}。只有在點擊寄送到 ${e} 的連結後，變更才會生效。如果這不是您本人操作，請立即變更密碼，這也會取消此次變更。`,
  },
  ko: {
    subject: '이메일 주소 변경이 요청되었습니다',
    body: (e) =>
      `계정에 로그인한 누군가가 이메일 주소를 ${e}(으)로 변경하도록 요청했습니다. ${e}(으)로 보낸 링크를 따라가야만 변경됩니다. 본인이 아니라면 지금 비밀번호를 변경하세요. 그러면 이 변경도 취소됩니다.`,
  },
};

/** Tells the old address that a change to `newEmail` was asked for (issue 16: no silent takeover). */
export function emailChangeNotice(language: LanguageCode, to: string, name: string, newEmail: string): MailMessage {
  const t = emailChangeNotices[language] ?? emailChangeNotices.en;
  const body = t.body(newEmail);
  return { to, subject: t.subject, text: `${name},\n\n${body}\n`, html: `<p>${escapeHtml(name)},</p><p>${escapeHtml(body)}</p>` };
}
