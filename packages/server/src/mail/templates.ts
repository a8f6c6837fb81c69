import type { LanguageCode } from '@app/contract/users';
import type { MailMessage } from './mailer.ts';

type Template = { subject: string; intro: string; action: string; outro: string };

// Account e-mails in the four interface languages; the user's language picks one.
const templates: Record<'create-password' | 'reset-password' | 'sign-in' | 'teacher-approved', Record<LanguageCode, Template>> = {
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
