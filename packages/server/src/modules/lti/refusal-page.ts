import type { LanguageCode } from '@app/contract/users';

/**
 * The page a refused LTI login or launch answers a browser with (issue 37): inside the LMS's frame,
 * instead of the error envelope's JSON, it says in the person's language what happened and what to
 * do, with the refusal's code (`lti.notLinked`) and the request's id for support. It keeps the
 * refusal's status (400, 401, 403, 409). Served by the server, not the web app: a refused launch
 * has no session and the page must not wait for scripts (it has none), so its sentences live here
 * in the four languages, as the frame pages' do (frame-page.ts, decision 038; decision 050).
 */

/** What kind of refusal a code is: each kind has its own sentence and advice. */
export type RefusalKind = 'notLinked' | 'expired' | 'noRole' | 'deepLinkLearner' | 'setup' | 'other';

type Texts = {
  heading: string;
  code: string;
  reference: string;
  kinds: Record<RefusalKind, { what: string; todo: string }>;
};

export const REFUSAL_TEXTS: Record<LanguageCode, Texts> = {
  en: {
    heading: 'Harmony Dashboard could not open',
    code: 'Code for support',
    reference: 'Reference',
    kinds: {
      notLinked: {
        what: 'This LMS course is not connected to a course in Harmony Dashboard yet.',
        todo: 'Your instructor connects it by opening Harmony Dashboard from the LMS once. Try again after that; if it still does not open, tell your instructor.',
      },
      expired: {
        what: 'This launch has expired, was already used, or was started in another browser window.',
        todo: 'Go back to your LMS and open Harmony Dashboard again. If this keeps happening, allow cookies for this site or open the tool in a new window.',
      },
      noRole: {
        what: 'Your role in this LMS course does not give access to Harmony Dashboard.',
        todo: 'Ask your instructor to check your role in the LMS course: student, teaching assistant or instructor.',
      },
      deepLinkLearner: {
        what: 'Only instructors can add content from Harmony Dashboard to the LMS.',
        todo: 'Ask your instructor to add it for you.',
      },
      setup: {
        what: 'Your LMS and Harmony Dashboard are not set up correctly to work together.',
        todo: 'Ask your LMS administrator to check the Harmony Dashboard tool, and give them the code below.',
      },
      other: {
        what: 'Something went wrong while opening Harmony Dashboard.',
        todo: 'Try again in a few minutes. If it keeps happening, give your LMS administrator the code below.',
      },
    },
  },
  'zh-hans': {
    heading: '无法打开 Harmony Dashboard',
    code: '支持代码',
    reference: '参考编号',
    kinds: {
      notLinked: {
        what: '此 LMS 课程尚未与 Harmony Dashboard 中的课程关联。',
        todo: '您的教师从 LMS 打开一次 Harmony Dashboard 即可完成关联。之后请重试；如果仍然无法打开，请告诉您的教师。',
      },
      expired: {
        what: '此次启动已过期、已被使用，或是在另一个浏览器窗口中开始的。',
        todo: '请返回 LMS 并重新打开 Harmony Dashboard。如果问题反复出现，请允许本网站使用 Cookie，或在新窗口中打开本工具。',
      },
      noRole: {
        what: '您在此 LMS 课程中的角色无法使用 Harmony Dashboard。',
        todo: '请让您的教师检查您在 LMS 课程中的角色：学生、助教或教师。',
      },
      deepLinkLearner: {
        what: '只有教师才能将 Harmony Dashboard 的内容添加到 LMS。',
        todo: '请让您的教师为您添加。',
      },
      setup: {
        what: '您的 LMS 与 Harmony Dashboard 尚未正确设置，无法一起使用。',
        todo: '请联系 LMS 管理员检查 Harmony Dashboard 工具，并提供下方的代码。',
      },
      other: {
        what: '打开 Harmony Dashboard 时出错。',
        todo: '请几分钟后重试。如果问题反复出现，请将下方的代码提供给 LMS 管理员。',
      },
    },
  },
  'zh-hant': {
    heading: '無法開啟 Harmony Dashboard',
    code: '支援代碼',
    reference: '參考編號',
    kinds: {
      notLinked: {
        what: '此 LMS 課程尚未與 Harmony Dashboard 中的課程連結。',
        todo: '您的教師從 LMS 開啟一次 Harmony Dashboard 即可完成連結。之後請重試；如果仍然無法開啟，請告訴您的教師。',
      },
      expired: {
        what: '此次啟動已過期、已被使用，或是在另一個瀏覽器視窗中開始的。',
        todo: '請返回 LMS 並重新開啟 Harmony Dashboard。如果問題反覆出現，請允許本網站使用 Cookie，或在新視窗中開啟本工具。',
      },
      noRole: {
        what: '您在此 LMS 課程中的角色無法使用 Harmony Dashboard。',
        todo: '請讓您的教師檢查您在 LMS 課程中的角色：學生、助教或教師。',
      },
      deepLinkLearner: {
        what: '只有教師才能將 Harmony Dashboard 的內容新增到 LMS。',
        todo: '請讓您的教師為您新增。',
      },
      setup: {
        what: '您的 LMS 與 Harmony Dashboard 尚未正確設定，無法一起使用。',
        todo: '請聯絡 LMS 管理員檢查 Harmony Dashboard 工具，並提供下方的代碼。',
      },
      other: {
        what: '開啟 Harmony Dashboard 時發生錯誤。',
        todo: '請幾分鐘後重試。如果問題反覆出現，請將下方的代碼提供給 LMS 管理員。',
      },
    },
  },
  ko: {
    heading: 'Harmony Dashboard를 열 수 없습니다',
    code: '지원 코드',
    reference: '참조 번호',
    kinds: {
      notLinked: {
        what: '이 LMS 강좌는 아직 Harmony Dashboard의 강좌와 연결되지 않았습니다.',
        todo: '강사가 LMS에서 Harmony Dashboard를 한 번 열면 연결됩니다. 그 뒤에 다시 시도하고, 그래도 열리지 않으면 강사에게 알려 주세요.',
      },
      expired: {
        what: '이 실행은 만료되었거나 이미 사용되었거나 다른 브라우저 창에서 시작되었습니다.',
        todo: 'LMS로 돌아가 Harmony Dashboard를 다시 여세요. 계속 이런다면 이 사이트의 쿠키를 허용하거나 새 창에서 도구를 여세요.',
      },
      noRole: {
        what: '이 LMS 강좌에서의 역할로는 Harmony Dashboard를 이용할 수 없습니다.',
        todo: '강사에게 LMS 강좌에서 내 역할(학생, 조교, 강사)을 확인해 달라고 요청하세요.',
      },
      deepLinkLearner: {
        what: 'Harmony Dashboard의 내용을 LMS에 추가하는 것은 강사만 할 수 있습니다.',
        todo: '강사에게 추가해 달라고 요청하세요.',
      },
      setup: {
        what: 'LMS와 Harmony Dashboard가 함께 작동하도록 올바르게 설정되어 있지 않습니다.',
        todo: 'LMS 관리자에게 Harmony Dashboard 도구 설정을 확인해 달라고 요청하고, 아래 코드를 알려 주세요.',
      },
      other: {
        what: 'Harmony Dashboard를 여는 중에 문제가 생겼습니다.',
        todo: '몇 분 뒤에 다시 시도하세요. 계속 이런다면 LMS 관리자에게 아래 코드를 알려 주세요.',
      },
    },
  },
};

/** The kind of a refusal by its message code (`lti.stateInvalid`); codes of other modules, and none, are `other`. */
export function refusalKind(code: string | undefined): RefusalKind {
  switch (code) {
    case 'lti.notLinked':
      return 'notLinked';
    case 'lti.stateInvalid':
    case 'lti.stateOtherBrowser':
    case 'lti.nonceMismatch':
      return 'expired';
    case 'lti.noRole':
      return 'noRole';
    case 'lti.deepLinkLearner':
      return 'deepLinkLearner';
    default:
      return code?.startsWith('lti.') ? 'setup' : 'other';
  }
}

/** BCP 47 tags for the page's lang attribute, as the web app writes them. */
const HTML_LANG: Record<LanguageCode, string> = { en: 'en', 'zh-hans': 'zh-Hans', 'zh-hant': 'zh-Hant', ko: 'ko' };

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * The page: the product's bar, what happened and what to do in `language`, and the support code
 * (the refusal's message code, else its error code) and the request's id. No script; inline style
 * only (the CSP allows it, and nothing else is loaded).
 */
export function refusalPage(refusal: { code: string; kind: RefusalKind; language: LanguageCode; requestId: string }): string {
  const texts = REFUSAL_TEXTS[refusal.language];
  const { what, todo } = texts.kinds[refusal.kind];
  return `<!doctype html>
<html lang="${HTML_LANG[refusal.language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.heading)} · Harmony Dashboard</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK KR", sans-serif; color: #1b2430; background: #f4f6f9; line-height: 1.5; }
  header { display: flex; align-items: center; gap: 10px; min-height: 56px; padding: 8px 16px; background: #1f3a5f; color: #fff; font-weight: 600; }
  .logo { display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; border-radius: 8px; background: #fff; color: #1f3a5f; font-weight: 700; font-size: 1.125rem; }
  main { max-width: 640px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border: 1px solid #d5dbe3; border-radius: 12px; padding: 24px; }
  h1 { margin: 0 0 12px; font-size: 1.375rem; line-height: 1.3; }
  p { margin: 0 0 12px; }
  .todo { font-weight: 600; }
  dl { margin: 20px 0 0; padding: 12px 16px; border-radius: 8px; background: #eef2f7; display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; font-size: 0.9375rem; }
  dt { color: #4a5563; }
  dd { margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
  @media (max-width: 480px) { main { margin: 16px auto; } .card { padding: 18px; } dl { grid-template-columns: 1fr; } dd { margin-bottom: 6px; } }
</style>
</head>
<body>
<header><span class="logo" aria-hidden="true">♪</span><span>Harmony Dashboard</span></header>
<main>
<section class="card" role="alert" data-code="${escapeHtml(refusal.code)}">
<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(what)}</p>
<p class="todo">${escapeHtml(todo)}</p>
<dl>
<dt>${escapeHtml(texts.code)}</dt><dd>${escapeHtml(refusal.code)}</dd>
<dt>${escapeHtml(texts.reference)}</dt><dd>${escapeHtml(refusal.requestId)}</dd>
</dl>
</section>
</main>
</body>
</html>
`;
}
